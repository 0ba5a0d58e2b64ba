// A square crop over an image: drag or arrow keys to move, wheel or +/− to zoom; yields the cropped PNG.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { useT } from '../../i18n';
import { Button } from '../../components/Button';
import { clampSquare, initialSquare, keyStep, moveSquare, outputSize, zoomSquare, type Square } from './crop';

/** The widest the image is shown; the crop maths stays in image pixels and only the view scales. */
const VIEW_MAX = 360;

/** Draws the crop onto a canvas and encodes it as PNG. */
export function cropToBlob(image: HTMLImageElement, sq: Square): Promise<Blob> {
  const size = outputSize(sq);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas'));
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, sq.x, sq.y, sq.size, sq.size, 0, 0, size, size);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas'))), 'image/png'));
}

export function AvatarCropper({ file, onCrop, onCancel, busy }: { file: File; onCrop: (png: Blob) => void; onCancel: () => void; busy?: boolean }) {
  const t = useT();
  const helpId = useId();
  const imgRef = useRef<HTMLImageElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [sq, setSq] = useState<Square | null>(null);
  const drag = useRef<{ px: number; py: number; start: Square } | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    setNatural(null);
    setSq(null);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const scale = natural ? Math.min(1, VIEW_MAX / Math.max(natural.w, natural.h)) : 1;

  function onLoad() {
    const img = imgRef.current;
    if (!img) return;
    setNatural({ w: img.naturalWidth, h: img.naturalHeight });
    setSq(initialSquare(img.naturalWidth, img.naturalHeight));
  }

  function onKeyDown(e: KeyboardEvent) {
    if (!natural || !sq) return;
    const step = keyStep(natural.w, natural.h, e.shiftKey);
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[e.key]) {
      e.preventDefault();
      setSq(moveSquare(sq, moves[e.key][0], moves[e.key][1], natural.w, natural.h));
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      setSq(zoomSquare(sq, 0.9, natural.w, natural.h));
    } else if (e.key === '-' || e.key === '_') {
      e.preventDefault();
      setSq(zoomSquare(sq, 1 / 0.9, natural.w, natural.h));
    }
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (!sq) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { px: e.clientX, py: e.clientY, start: sq };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    if (!drag.current || !natural) return;
    const { px, py, start } = drag.current;
    setSq(moveSquare(start, (e.clientX - px) / scale, (e.clientY - py) / scale, natural.w, natural.h));
  }
  function onPointerUp() {
    drag.current = null;
  }
  function onWheel(e: WheelEvent) {
    if (!natural || !sq) return;
    setSq(zoomSquare(sq, e.deltaY < 0 ? 0.95 : 1 / 0.95, natural.w, natural.h));
  }

  async function crop() {
    if (!imgRef.current || !sq || !natural) return;
    onCrop(await cropToBlob(imgRef.current, clampSquare(sq, natural.w, natural.h)));
  }

  const previewSize = 96;
  return (
    <div className="settings-form">
      <p id={helpId} className="settings-text">
        {t('user.settings.avatar.cropHelp')}
      </p>
      <div className="settings-row">
        <div
          className="cropper"
          tabIndex={0}
          role="group"
          aria-label={t('user.settings.avatar.cropArea')}
          aria-describedby={helpId}
          onKeyDown={onKeyDown}
          onWheel={onWheel}
          style={natural ? { width: natural.w * scale, height: natural.h * scale } : undefined}
        >
          {src && <img ref={imgRef} className="cropper-image" src={src} alt="" onLoad={onLoad} style={natural ? { width: natural.w * scale, height: natural.h * scale } : undefined} />}
          {sq && (
            <div
              className="cropper-square"
              data-testid="crop-square"
              style={{ left: sq.x * scale, top: sq.y * scale, width: sq.size * scale, height: sq.size * scale }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            />
          )}
        </div>
        {sq && natural && src && (
          <div
            className="cropper-preview"
            role="img"
            aria-label={t('user.settings.avatar.preview')}
            style={{
              backgroundImage: `url(${src})`,
              backgroundSize: `${(natural.w * previewSize) / sq.size}px ${(natural.h * previewSize) / sq.size}px`,
              backgroundPosition: `${(-sq.x * previewSize) / sq.size}px ${(-sq.y * previewSize) / sq.size}px`,
            }}
          />
        )}
      </div>
      <div className="settings-actions">
        <Button variant="tertiary" onClick={onCancel}>
          {t('misc.cancel')}
        </Button>
        <Button onClick={() => void crop()} disabled={!sq} loading={busy}>
          {t('user.settings.avatar.uploadCropped')}
        </Button>
      </div>
    </div>
  );
}
