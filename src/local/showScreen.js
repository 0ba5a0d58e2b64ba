// index.html's boot script shows the last screen of this path from the local copy (kept by src/local/screens.ts) as
// soon as it is read, while the app's scripts still load and run: a returning person sees their lists and tasks at
// once instead of the loading wordmark. The screen is a picture only (inert, hidden from assistive technology), laid
// over the app's root; the app's first screen replaces it. The build puts this file's text into index.html as it is
// written (src/app/routePreload.ts), so it is plain browser JavaScript, with no imports.

/**
 * Shows `screen` (one kept by src/local/screens.ts, of this path) over #root once the page is parsed and the screen's
 * stylesheets have loaded, and removes it as soon as #root shows anything but the loading screen (an element with
 * aria-busy="true" as its direct child), or after `giveUpMs` at the latest. Nothing is shown when the screen is of
 * another build or of another width class, when a stylesheet fails, or when the app was faster. While a screen is
 * coming, the loading wordmark is hidden (html[data-kf-screen], index.html's style), so the page does not show the
 * wordmark for a moment and then the screen.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function kfShowScreen(screen, giveUpMs) {
  var d = document;
  var html = d.documentElement;
  if (!screen || typeof screen.html !== 'string' || !Array.isArray(screen.styles) || window.innerWidth > 768 !== screen.wide) return false;
  html.setAttribute('data-kf-screen', '');
  var over = null;
  var done = false;
  var observer = null;
  var timer = setTimeout(finish, giveUpMs);
  function finish() {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (observer) observer.disconnect();
    if (over && over.parentNode) over.parentNode.removeChild(over);
    html.removeAttribute('data-kf-screen');
  }
  function start() {
    performance.mark('keyflow:screen-read');
    var root = d.getElementById('root');
    var entry = d.querySelector('script[type="module"][src]');
    if (!root || !entry || entry.getAttribute('src') !== screen.build) return finish();
    var loading = function () {
      return root.querySelector(':scope > [aria-busy="true"]') !== null;
    };
    observer = new MutationObserver(function () {
      if (!loading()) finish();
    });
    observer.observe(root, { childList: true });
    if (!loading()) return finish();
    var waiting = 0;
    screen.styles.forEach(function (href) {
      var link = null;
      var links = d.querySelectorAll('link[rel="stylesheet"]');
      for (var i = 0; i < links.length; i += 1) if (links[i].getAttribute('href') === href) link = links[i];
      if (link && link.sheet) return;
      if (!link) {
        // In the head, where the app would have added it: the entry's stylesheet, at the end of the body, stays last,
        // as it is when the app adds its chunks' stylesheets.
        link = d.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        d.head.appendChild(link);
      }
      waiting += 1;
      link.addEventListener('load', function () {
        waiting -= 1;
        if (waiting === 0 && !done) paint(root);
      });
      link.addEventListener('error', finish);
    });
    if (waiting === 0) paint(root);
  }
  function paint(root) {
    var template = d.createElement('template');
    template.innerHTML = screen.html;
    clean(template.content);
    var inputs = template.content.querySelectorAll('input');
    (screen.checked || []).forEach(function (i) {
      if (inputs[i]) inputs[i].checked = true;
    });
    over = d.createElement('div');
    over.id = 'kf-screen';
    over.setAttribute('aria-hidden', 'true');
    over.setAttribute('inert', '');
    var body = getComputedStyle(d.body).backgroundColor;
    var background = /^(transparent|rgba\(0, 0, 0, 0\))$/.test(body) ? getComputedStyle(html).backgroundColor : body;
    over.style.cssText = 'position:fixed;inset:0;z-index:2147483000;overflow:hidden;background-color:' + background;
    over.appendChild(template.content);
    root.parentNode.insertBefore(over, root.nextSibling);
    // Boxes scrolled sideways (the gantt chart opens at today) as they were.
    (screen.scroll || []).forEach(function (box) {
      var node = over;
      box[0].forEach(function (i) {
        node = node && node.children[i];
      });
      if (node) node.scrollLeft = box[1];
    });
    performance.mark('keyflow:screen-shown');
  }
  // Called from the head, #root and the entry's stylesheet are not parsed yet.
  if (d.readyState === 'loading') d.addEventListener('readystatechange', start, { once: true });
  else start();
  return true;
}

/**
 * What the screen may not carry back into the page: it is the app's own markup (React escaped what people typed), but
 * markup that is serialised and parsed again is checked anyway: no scripts, frames or handlers, no script URLs; images
 * of the last session (blob: addresses) are gone, so they are left out rather than shown broken.
 */
function clean(fragment) {
  var drop = fragment.querySelectorAll('script,iframe,frame,object,embed,base,meta,link');
  for (var i = 0; i < drop.length; i += 1) drop[i].parentNode.removeChild(drop[i]);
  var all = fragment.querySelectorAll('*');
  for (var j = 0; j < all.length; j += 1) {
    var el = all[j];
    for (var k = el.attributes.length - 1; k >= 0; k -= 1) {
      var name = el.attributes[k].name.toLowerCase();
      var value = el.attributes[k].value.replace(/\s+/g, '').toLowerCase();
      var url = name === 'href' || name === 'src' || name === 'xlink:href' || name === 'action' || name === 'formaction' || name === 'srcset';
      if (name.indexOf('on') === 0 || name === 'autofocus' || (url && !/^(https?:|\/|#|data:image\/(png|gif|jpeg|webp);)/.test(value) && value !== '')) {
        el.removeAttribute(el.attributes[k].name);
      }
    }
    if (el.localName === 'img' && !el.hasAttribute('src')) el.setAttribute('alt', '');
  }
}
