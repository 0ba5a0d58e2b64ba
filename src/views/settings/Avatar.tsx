// Avatar: choose the provider the server offers (initials, default, Gravatar, marble) or upload an image cropped to a square.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { avatarVersionAtom } from '../../state/avatar';
import { AVATAR_PROVIDERS, type AvatarProvider } from '../../model/avatars';
import { chooseAvatarProvider, loadAvatarProvider, uploadAvatar } from '../../actions/settings';
import { avatarAddress } from '../../app/addresses';
import { userAtom } from '../../state/session';
import { Button } from '../../components/Button';
import { error as errorToast, success as successToast } from '../../app/toast';
import { SettingsLayout } from './SettingsLayout';
import { AvatarCropper } from './AvatarCropper';

export default function Avatar() {
  const t = useT();
  const user = useAtomValue(userAtom);
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [provider, setProvider] = useState<AvatarProvider | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped after a save: the preview, the top bar and every other image of this avatar fetch the new one.
  const version = useAtomValue(avatarVersionAtom);

  useEffect(() => {
    let alive = true;
    loadAvatarProvider()
      .then((p) => alive && setProvider(p))
      .catch((err: unknown) => {
        void errorToast(err);
        if (alive) setProvider('initials');
      });
    return () => {
      alive = false;
    };
  }, []);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!provider) return;
    if (provider === 'upload') {
      fileInput.current?.click();
      return;
    }
    setBusy(true);
    try {
      await chooseAvatarProvider(provider);
      void successToast('user.settings.avatar.setSuccess');
    } catch (err) {
      void errorToast(err);
    } finally {
      setBusy(false);
    }
  }

  async function upload(png: Blob) {
    setBusy(true);
    try {
      await uploadAvatar(png);
      setFile(null);
      setProvider('upload');
      void successToast('user.settings.avatar.setSuccess');
    } catch (err) {
      void errorToast(err);
    } finally {
      setBusy(false);
    }
  }

  const preview = user ? avatarAddress(user.username, 128, version) : null;

  return (
    <SettingsLayout page="avatar" loading={provider === null}>
      {provider !== null && !file && (
        <form className="settings-form" onSubmit={save} noValidate aria-label={t('user.settings.avatar.title')}>
          {preview && <img className="avatar-preview" src={preview} alt={t('user.settings.avatar.current')} width={64} height={64} />}
          <fieldset className="avatar-providers">
            <legend>{t('user.settings.avatar.provider')}</legend>
            {AVATAR_PROVIDERS.map((p) => (
              <label key={p} className="checkbox">
                <input type="radio" name="avatarProvider" value={p} checked={provider === p} onChange={() => setProvider(p)} />
                <span>{t(`user.settings.avatar.${p}`)}</span>
              </label>
            ))}
          </fieldset>
          {provider === 'upload' && (
            <div className="field">
              <label className="field-label" htmlFor={fileId}>
                {t('user.settings.avatar.chooseFile')}
              </label>
              <input
                id={fileId}
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null;
                  e.target.value = '';
                  if (chosen) setFile(chosen);
                }}
              />
            </div>
          )}
          <div className="settings-actions">
            <Button type="submit" loading={busy}>
              {provider === 'upload' ? t('user.settings.avatar.chooseFile') : t('misc.save')}
            </Button>
          </div>
        </form>
      )}
      {file && <AvatarCropper file={file} busy={busy} onCancel={() => setFile(null)} onCrop={(png) => void upload(png)} />}
    </SettingsLayout>
  );
}
