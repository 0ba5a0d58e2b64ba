// Link shares of a list: create with name, right and optional password; copy the address; delete.
import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai/react';
import type { LinkShare } from '../../api/linkShares';
import { createLinkShare, deleteLinkShare, loadLinkShares } from '../../actions/sharing';
import { linkShareAddress } from '../../app/addresses';
import type { Right } from '../../api/sharing';
import { configAtom } from '../../state/config';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { PasswordField } from '../../components/PasswordField';
import { error as toastError, success } from '../../app/toast';
import { useT } from '../../i18n';
import { RightSelect } from './RightSelect';
import { useScopedCommands } from '../../app/useScopedCommands';
import '../../components/organising.css';
import './sharing.css';

/** Copies text; a refused clipboard raises the spec's copy-failure message. */
export async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
  } catch {
    throw new Error('misc.copyFailed');
  }
}

export function LinkShares({ listId, canManage }: { listId: number; canManage: boolean }) {
  const t = useT();
  const config = useAtomValue(configAtom);
  const [shares, setShares] = useState<LinkShare[]>([]);
  const [name, setName] = useState('');
  const [right, setRight] = useState<Right>(0);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function reload() {
    try {
      setShares(await loadLinkShares(listId));
    } catch (err) {
      void toastError(err);
    }
  }

  useEffect(() => {
    void reload();
    // reload is a new function each render; only another list means other link shares.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listId]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await createLinkShare(listId, { name: name.trim(), right, password });
      setName('');
      setPassword('');
      void success('sharing.linkCreated');
      await reload();
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  async function remove(share: LinkShare) {
    try {
      await deleteLinkShare(listId, share.id);
      void success('sharing.linkDeleted');
      await reload();
    } catch (err) {
      void toastError(err);
    }
  }

  // Registry commands while this list's link shares are shown: create a read-only link, delete one by name.
  useScopedCommands([
    {
      id: 'sharing.link.create',
      title: 'shareCommand.createLink',
      section: 'sharing',
      run: async () => {
        try {
          await createLinkShare(listId, { name: '', right: 0, password: '' });
          void success('sharing.linkCreated');
          await reload();
        } catch (err) {
          void toastError(err);
        }
      },
    },
    {
      id: 'sharing.link.delete',
      title: 'shareCommand.deleteLink',
      section: 'sharing',
      input: 'shareCommand.linkNameInput',
      run: (name?: string) => {
        const share = shares.find((x) => x.name.toLowerCase() === (name ?? '').trim().toLowerCase());
        if (share) return remove(share);
        void toastError(new Error(t('shareCommand.noSuchShare', { name: name ?? '' })));
      },
    },
  ], canManage);

  async function copy(url: string) {
    try {
      await copyText(url);
      void success('sharing.linkCopied');
    } catch {
      void toastError(new Error(t('misc.copyFailed')));
    }
  }

  if (config?.linkSharingEnabled === false) return <p className="muted">{t('sharing.linkDisabled')}</p>;

  return (
    <div className="link-shares">
      {canManage && (
        <form className="link-share-form" onSubmit={(e) => void submit(e)} aria-label={t('sharing.createLink')}>
          <TextField label={t('sharing.linkName')} value={name} onChange={(e) => setName(e.target.value)} />
          <div className="field">
            <span className="field-label">{t('sharing.right.label')}</span>
            <RightSelect label={t('sharing.right.label')} value={right} onChange={setRight} />
          </div>
          <PasswordField label={t('sharing.linkPassword')} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
          <div className="field">
            <Button type="submit" loading={busy}>
              {t('sharing.createLink')}
            </Button>
          </div>
        </form>
      )}
      {shares.length === 0 ? (
        <p className="muted">{t('sharing.noLinks')}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('sharing.linkNameColumn')}</th>
              <th>{t('sharing.right.label')}</th>
              <th>{t('sharing.link')}</th>
              <th>
                <span className="sr-only">{t('sharing.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shares.map((s) => {
              const url = linkShareAddress(s.hash, config?.frontendUrl);
              const label = s.name || t('sharing.unnamedLink');
              return (
                <tr key={s.id}>
                  <td>
                    {label}
                    {s.sharingType === 2 && <span className="tag"> {t('sharing.passwordProtected')}</span>}
                  </td>
                  <td>{t(['sharing.right.read', 'sharing.right.readWrite', 'sharing.right.admin'][s.right] ?? 'sharing.right.read')}</td>
                  <td>
                    {/* The server sends the hash only to those who may hand the link out (list admins, its creator). */}
                    {s.hash === '' ? (
                      <span className="muted">{t('sharing.linkHidden')}</span>
                    ) : (
                      <div className="link-share-url">
                        {/* A wrapping field: the whole link stays readable in a narrow column. */}
                        <textarea className="input" readOnly rows={2} value={url} aria-label={t('sharing.linkFor', { name: label })} onFocus={(e) => e.target.select()} />
                        <Button variant="secondary" onClick={() => void copy(url)}>
                          {t('sharing.copy')}
                          <span className="sr-only"> {label}</span>
                        </Button>
                      </div>
                    )}
                  </td>
                  <td className="share-remove">
                    {canManage && (
                      <Button variant="tertiary" onClick={() => void remove(s)}>
                        {t('sharing.delete')}
                        <span className="sr-only"> {label}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
