// teams.edit: name and description (admins), members with search, admin toggle and removal, leave and delete.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai/react';
import { teamConfirmAtom } from '../../state/ui';
import * as teams from '../../actions/teams';
import type { Team } from '../../api/teams';
import { teamAtomFamily } from '../../state/teams';
import type { User } from '../../api/user';
import { userAtom, displayName } from '../../state/session';
import { TextField } from '../../components/TextField';
import { Button } from '../../components/Button';
import { UserPickerField } from '../../components/UserPickerField';
import { Loading } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { usePageTitle } from '../../app/usePageTitle';
import { useScopedCommands, type ScopedCommand } from '../../app/useScopedCommands';
import { useRunCommand } from '../../app/useCommand';
import { error as toastError, success } from '../../app/toast';
import { useT } from '../../i18n';
import '../../components/organising.css';
import '../sharing/sharing.css';
import './teams.css';

export default function TeamEdit() {
  const t = useT();
  const id = Number(useParams().id);
  const run = useRunCommand();
  const me = useAtomValue(userAtom);
  // Shown once this page's load has arrived (with the caller's right on the team), then as the store has it: the
  // team the server answered with, kept by its own id.
  const [loaded, setLoaded] = useState<{ param: number; id: number } | null>(null);
  const shown = loaded?.param === id ? loaded.id : null;
  const stored = useAtomValue(teamAtomFamily(shown ?? id));
  const team = shown !== null ? (stored ?? null) : null;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  // team.leave / team.delete from the palette (no team id) ask here; the buttons do the same.
  const [asked, setConfirm] = useAtom(teamConfirmAtom);
  const confirm = asked === 'delete' && !isAdminOf(team, me?.id) ? null : asked;
  useEffect(() => () => setConfirm(null), [setConfirm]);
  const [busy, setBusy] = useState(false);
  usePageTitle(team ? t('team.edit.titleOf', { name: team.name }) : t('team.edit.title'));

  const reload = useCallback(async () => {
    try {
      const next = await teams.load(id);
      setLoaded({ param: id, id: next.id });
      setName(next.name);
      setDescription(next.description);
    } catch (err) {
      void toastError(err);
    }
  }, [id]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const isAdmin = isAdminOf(team, me?.id);
  /** Runs `fn` on the member a typed name means (username or display name, ignoring case), else says to pick one. */
  const onMember = (typed: string | undefined, fn: (teamId: number, username: string) => Promise<Team>, message: string) => {
    const name = (typed ?? '').trim().toLowerCase();
    const member = team?.members.find((m) => [m.username, displayName(m)].some((n) => n.toLowerCase() === name));
    if (!team || !member) return void toastError(new Error(t('team.selectUser')));
    return act(() => fn(team.id, member.username), message);
  };
  // While this page is open its member actions are registry commands: the palette offers them, the buttons run them.
  const adminCommands: ScopedCommand[] = [
    {
      id: 'team.member.add',
      title: 'team.command.addMember',
      section: 'team',
      input: 'team.command.usernameInput',
      run: (username) => (team && username?.trim() ? act(() => teams.addMember(team.id, username.trim()), 'team.member.added') : undefined),
    },
    {
      id: 'team.member.remove',
      title: 'team.command.removeMember',
      section: 'team',
      input: 'team.command.memberInput',
      run: (username) => onMember(username, teams.removeMember, 'team.member.removed'),
    },
    {
      id: 'team.member.toggleAdmin',
      title: 'team.command.toggleAdmin',
      section: 'team',
      input: 'team.command.memberInput',
      run: (username) => onMember(username, teams.toggleAdmin, 'team.member.updated'),
    },
  ];
  useScopedCommands(adminCommands, isAdmin);

  if (!team) return <Loading />;

  /** Runs a team action (which puts the team as the server has it now in the store) and says how it went. */
  async function act(fn: () => Promise<Team>, message: string) {
    setBusy(true);
    try {
      const next = await fn();
      void success(message);
      setName(next.name);
      setDescription(next.description);
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (name.trim() === '') {
      setNameError(t('team.nameRequired'));
      return;
    }
    setNameError(null);
    await act(() => teams.update(team!, { name: name.trim(), description }), 'team.edit.success');
  }

  async function confirmed() {
    const kind = confirm;
    setConfirm(null);
    setBusy(true);
    try {
      await run(kind === 'delete' ? 'team.delete' : 'team.leave', String(team!.id));
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">{t('team.edit.titleOf', { name: team.name })}</h1>
      </header>
      {!isAdmin && team.description && <p className="muted">{team.description}</p>}
      {isAdmin && (
        <form className="card team-section" onSubmit={(e) => void save(e)} aria-label={t('team.edit.title')} noValidate>
          <TextField label={t('team.fields.name')} value={name} onChange={(e) => setName(e.target.value)} error={nameError} />
          <label className="field-label" htmlFor="team-description">
            {t('team.fields.description')}
          </label>
          <textarea id="team-description" className="textarea" value={description} onChange={(e) => setDescription(e.target.value)} />
          <div className="row-actions" style={{ marginTop: '0.75rem' }}>
            <Button type="submit" loading={busy}>
              {t('misc.save')}
            </Button>
          </div>
        </form>
      )}
      <section className="card team-section" aria-labelledby="team-members-title">
        <h2 className="card-title" id="team-members-title">
          {t('team.members')}
        </h2>
        {isAdmin && <AddMember members={team.members.map((m) => m.username)} onAdd={(username) => run('team.member.add', username).then(() => undefined)} />}
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('team.fields.member')}</th>
              <th>{t('team.fields.role')}</th>
              <th>
                <span className="sr-only">{t('sharing.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {team.members.map((m) => (
              <tr key={m.id}>
                <td>
                  {displayName(m)} {m.id === me?.id && <span className="tag">{t('team.you')}</span>}
                </td>
                <td>{m.admin ? t('team.admin') : t('team.member.role')}</td>
                <td className="share-remove">
                  {isAdmin && m.id !== me?.id && (
                    <div className="row-actions" style={{ justifyContent: 'flex-end' }}>
                      <Button variant="secondary" onClick={() => void run('team.member.toggleAdmin', m.username)} disabled={busy}>
                        {m.admin ? t('team.makeMember') : t('team.makeAdmin')}
                        <span className="sr-only"> {displayName(m)}</span>
                      </Button>
                      <Button variant="tertiary" onClick={() => void run('team.member.remove', m.username)} disabled={busy}>
                        {t('team.remove')}
                        <span className="sr-only"> {displayName(m)}</span>
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="team-danger">
        <Button variant="secondary" onClick={() => void run('team.leave')}>
          {t('team.leave.title')}
        </Button>
        {isAdmin && (
          <Button variant="destructive" onClick={() => void run('team.delete')}>
            {t('team.delete.title')}
          </Button>
        )}
      </div>
      <Modal
        enabled={confirm !== null}
        title={confirm === 'delete' ? t('team.delete.title') : t('team.leave.title')}
        onClose={() => setConfirm(null)}
        onSubmit={() => void confirmed()}
        submitLoading={busy}
      >
        <p>{confirm === 'delete' ? t('team.delete.text') : t('team.leave.text')}</p>
      </Modal>
    </div>
  );
}

/** Whether the signed-in user may manage the team: admin right on it, or an admin member. */
function isAdminOf(team: Team | null, myId: number | undefined): boolean {
  return !!team && (team.maxRight === 2 || team.members.some((m) => m.id === myId && m.admin));
}

function AddMember({ onAdd, members }: { onAdd: (username: string) => Promise<void>; members: readonly string[] }) {
  const t = useT();
  const [chosen, setChosen] = useState<User | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) {
      setMessage(t('team.selectUser'));
      return;
    }
    setMessage(null);
    await onAdd(chosen.username);
    setChosen(null);
  }

  return (
    <form className="share-add" onSubmit={(e) => void submit(e)} aria-label={t('team.addMember')}>
      <UserPickerField label={t('sharing.searchUser')} value={chosen} exclude={members} onChange={(u) => (setChosen(u), setMessage(null))} />
      <Button type="submit">{t('team.addMember')}</Button>
      {message && (
        <p className="field-error share-message" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
