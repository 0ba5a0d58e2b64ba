// Sharing a list or namespace with users (search honours their discoverability) and teams: add, change right, remove.
import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai/react';
import * as sharing from '../../actions/sharing';
import * as teamActions from '../../actions/teams';
import type { Right, ShareTarget, TeamShare, UserShare } from '../../api/sharing';
import type { Team } from '../../api/teams';
import { teamsAtom } from '../../state/teams';
import type { User } from '../../api/user';
import { displayName } from '../../state/session';
import { Button } from '../../components/Button';
import { PickerField } from '../../components/PickerField';
import { UserPickerField } from '../../components/UserPickerField';
import { error as toastError, success } from '../../app/toast';
import { useT } from '../../i18n';
import { RightSelect } from './RightSelect';
import { useScopedCommands } from '../../app/useScopedCommands';
import '../../components/organising.css';
import './sharing.css';

export const SEARCH_DEBOUNCE_MS = 150;

export function ShareWith({ target, isAdmin }: { target: ShareTarget; isAdmin: boolean }) {
  const t = useT();
  const [users, setUsers] = useState<UserShare[]>([]);
  const [teams, setTeams] = useState<TeamShare[]>([]);

  async function reload() {
    try {
      const shares = await sharing.loadShares(target);
      setUsers(shares.users);
      setTeams(shares.teams);
    } catch (err) {
      void toastError(err);
    }
  }

  useEffect(() => {
    void reload();
    // reload is a new function each render; only another list or namespace means other shares.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target.kind, target.id]);

  async function act(fn: () => Promise<void>, message: string) {
    try {
      await fn();
      void success(message);
      await reload();
    } catch (err) {
      void toastError(err);
    }
  }

  /** The share a typed name means: a user's username or display name, or a team's name, ignoring case. */
  function shareNamed(typed = ''): { user?: UserShare; team?: TeamShare } {
    const name = typed.trim().toLowerCase();
    const user = users.find((u) => [u.username, displayName(u)].some((n) => n.toLowerCase() === name));
    return user ? { user } : { team: teams.find((tm) => tm.name.toLowerCase() === name) };
  }

  type Share = { user?: UserShare; team?: TeamShare };
  const removeShare = (share: Share) => (share.user || share.team ? act(() => sharing.removeShare(target, share), 'sharing.removed') : undefined);
  const setRight = (share: Share, right: Right) => (share.user || share.team ? act(() => sharing.setRight(target, share, right), 'sharing.rightUpdated') : undefined);
  /** Runs `fn` on the share a typed name means, or says nothing here is shared with that name. */
  const onNamed = (name: string | undefined, fn: (share: Share) => unknown) => {
    const share = shareNamed(name);
    if (share.user || share.team) return void fn(share);
    void toastError(new Error(t('shareCommand.noSuchShare', { name: name ?? '' })));
  };

  // While the form is open its actions are registry commands (the palette offers them); the form's buttons and
  // selects call the same actions with the exact share.
  const rightCommand = (right: Right, key: 'read' | 'readWrite' | 'admin') => ({
    id: `sharing.right.${key}` as const,
    title: `shareCommand.right.${key}`,
    section: 'sharing',
    input: 'shareCommand.nameInput',
    run: (name?: string) => onNamed(name, (share) => setRight(share, right)),
  });
  useScopedCommands(
    [
      {
        id: 'sharing.user.add',
        title: 'shareCommand.addUser',
        section: 'sharing',
        input: 'shareCommand.usernameInput',
        run: (name?: string) => (name?.trim() ? act(() => sharing.shareWithUser(target, name.trim(), 0), 'sharing.userAdded') : undefined),
      },
      { id: 'sharing.remove', title: 'shareCommand.remove', section: 'sharing', input: 'shareCommand.nameInput', run: (name?: string) => onNamed(name, removeShare) },
      rightCommand(0, 'read'),
      rightCommand(1, 'readWrite'),
      rightCommand(2, 'admin'),
    ],
    isAdmin,
  );

  return (
    <div className="share-with">
      <section aria-labelledby="share-users-title">
        <h3 className="section-title" id="share-users-title">
          {t('sharing.users')}
        </h3>
        {isAdmin && <AddUserForm onAdd={(username, right) => act(() => sharing.shareWithUser(target, username, right), 'sharing.userAdded')} />}
        {users.length === 0 ? (
          <p className="muted">{t('sharing.noUsers')}</p>
        ) : (
          <table className="data-table">
            <tbody>
              {users.map((u) => (
                <tr key={u.username}>
                  <td>{displayName(u)}</td>
                  <td>
                    <RightSelect
                      label={t('sharing.rightFor', { name: displayName(u) })}
                      value={u.right}
                      disabled={!isAdmin}
                      onChange={(r) => void setRight({ user: u }, r)}
                    />
                  </td>
                  <td className="share-remove">
                    {isAdmin && (
                      <Button variant="tertiary" onClick={() => void removeShare({ user: u })}>
                        {t('sharing.remove')}
                        <span className="sr-only"> {displayName(u)}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="share-teams-title">
        <h3 className="section-title" id="share-teams-title">
          {t('sharing.teams')}
        </h3>
        {isAdmin && <AddTeamForm exclude={teams.map((x) => x.id)} onAdd={(teamId, right) => act(() => sharing.shareWithTeam(target, teamId, right), 'sharing.teamAdded')} />}
        {teams.length === 0 ? (
          <p className="muted">{t('sharing.noTeams')}</p>
        ) : (
          <table className="data-table">
            <tbody>
              {teams.map((tm) => (
                <tr key={tm.id}>
                  <td>{tm.name}</td>
                  <td>
                    <RightSelect
                      label={t('sharing.rightFor', { name: tm.name })}
                      value={tm.right}
                      disabled={!isAdmin}
                      onChange={(r) => void setRight({ team: tm }, r)}
                    />
                  </td>
                  <td className="share-remove">
                    {isAdmin && (
                      <Button variant="tertiary" onClick={() => void removeShare({ team: tm })}>
                        {t('sharing.remove')}
                        <span className="sr-only"> {tm.name}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** Search-as-you-type for a user; the server only finds people by name or e-mail when they allowed it. */
export function AddUserForm({ onAdd }: { onAdd: (username: string, right: Right) => Promise<void> | void }) {
  const t = useT();
  const [chosen, setChosen] = useState<User | null>(null);
  const [right, setRight] = useState<Right>(0);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) {
      setMessage(t('sharing.selectUser'));
      return;
    }
    setMessage(null);
    await onAdd(chosen.username, right);
    setChosen(null);
  }

  return (
    <form className="share-add" onSubmit={(e) => void submit(e)} aria-label={t('sharing.addUser')}>
      <UserPickerField label={t('sharing.searchUser')} value={chosen} onChange={(u) => (setChosen(u), setMessage(null))} />
      <RightSelect label={t('sharing.right.label')} value={right} onChange={setRight} />
      <Button type="submit">{t('sharing.share')}</Button>
      {message && (
        <p className="field-error share-message" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}

export function AddTeamForm({ exclude, onAdd }: { exclude: number[]; onAdd: (teamId: number, right: Right) => Promise<void> | void }) {
  const t = useT();
  const teams = useAtomValue(teamsAtom) ?? [];
  const [teamId, setTeamId] = useState<number>(0);
  const [right, setRight] = useState<Right>(0);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    // Without the caller's teams there are none to offer; the form says so.
    teamActions.loadAll().catch(() => undefined);
  }, []);

  const available = teams.filter((x) => !exclude.includes(x.id));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!teamId) {
      setMessage(t('sharing.selectTeam'));
      return;
    }
    setMessage(null);
    await onAdd(teamId, right);
    setTeamId(0);
  }

  return (
    <form className="share-add" onSubmit={(e) => void submit(e)} aria-label={t('sharing.addTeam')}>
      <PickerField<Team>
        label={t('sharing.chooseTeam')}
        buttonContent={teams.find((x) => x.id === teamId)?.name ?? (available.length === 0 ? t('sharing.noTeamsToAdd') : t('sharing.chooseTeam'))}
        buttonLabel={teamId ? `${t('sharing.chooseTeam')}: ${teams.find((x) => x.id === teamId)?.name ?? ''}` : undefined}
        disabled={available.length === 0}
        items={available}
        itemKey={(x) => x.id}
        itemText={(x) => x.name}
        selectedKeys={teamId ? [teamId] : []}
        onPick={(x) => (setTeamId(x.id), setMessage(null))}
      />
      <RightSelect label={t('sharing.right.label')} value={right} onChange={setRight} />
      <Button type="submit">{t('sharing.share')}</Button>
      {message && (
        <p className="field-error share-message" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
