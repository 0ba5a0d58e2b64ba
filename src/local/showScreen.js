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
 *
 * The screen lives in a closed shadow root, with its own links to the stylesheets (the theme's variables and the
 * body's font come in through inheritance): nothing that queries the document (the app, a test, an extension) can
 * find its copies of the app's elements and ids instead of the app's own. `mode` "open" is for the unit tests.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function kfShowScreen(screen, giveUpMs, mode) {
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
    // In the page at once but hidden, so that its stylesheets load (the browser has them from the app's last visit).
    over = d.createElement('div');
    over.id = 'kf-screen';
    over.setAttribute('aria-hidden', 'true');
    over.setAttribute('inert', '');
    over.style.cssText = 'position:fixed;inset:0;z-index:2147483000;overflow:hidden;visibility:hidden';
    var shadow = over.attachShadow({ mode: mode === 'open' ? 'open' : 'closed' });
    var waiting = screen.styles.length;
    screen.styles.forEach(function (href) {
      var link = d.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.addEventListener('load', function () {
        waiting -= 1;
        if (waiting === 0 && !done) paint(shadow);
      });
      link.addEventListener('error', finish);
      shadow.appendChild(link);
    });
    root.parentNode.insertBefore(over, root.nextSibling);
    if (waiting === 0) paint(shadow);
  }
  function paint(shadow) {
    var template = d.createElement('template');
    template.innerHTML = screen.html;
    clean(template.content);
    var inputs = template.content.querySelectorAll('input');
    (screen.checked || []).forEach(function (i) {
      if (inputs[i]) inputs[i].checked = true;
    });
    var content = d.createElement('div');
    content.appendChild(template.content);
    shadow.appendChild(content);
    var body = getComputedStyle(d.body).backgroundColor;
    var background = /^(transparent|rgba\(0, 0, 0, 0\))$/.test(body) ? getComputedStyle(html).backgroundColor : body;
    over.style.backgroundColor = background;
    over.style.visibility = 'visible';
    // Boxes scrolled sideways (the gantt chart opens at today) as they were.
    (screen.scroll || []).forEach(function (box) {
      var node = content;
      box[0].forEach(function (i) {
        node = node && node.children[i];
      });
      if (node) node.scrollLeft = box[1];
    });
    performance.mark('keyflow:screen-shown');
  }
  // Called from the head, #root is not parsed yet.
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
