// teams.index: the caller's teams, each linking to its edit page.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import * as actions from '../../actions/teams';
import { putTeams, teamsAtom } from '../../state/teams';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { useRunCommand } from '../../app/useCommand';
import { usePageTitle } from '../../app/usePageTitle';
import { error as toastError } from '../../app/toast';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import '../../components/organising.css';
import './teams.css';

export default function TeamsIndex() {
  const t = useT();
  usePageTitle(t('team.title'));
  const run = useRunCommand();
  // The teams the store holds show at once (from an earlier visit); the load brings them up to date.
  const teams = useAtomValue(teamsAtom);
  useEffect(() => {
    actions.loadAll().catch((err: unknown) => {
      putTeams([]);
      void toastError(err);
    });
  }, []);
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">{t('team.title')}</h1>
        <Button onClick={() => void run('team.new')}>{t('team.create.title')}</Button>
      </header>
      {teams === null && <Loading />}
      {teams !== null && teams.length === 0 && <p className="muted">{t('team.none')}</p>}
      {teams !== null && teams.length > 0 && (
        <ul className="team-list">
          {teams.map((team) => (
            <li key={team.id}>
              <Link to={pathFor('teams.edit', { id: team.id })} className="team-item">
                <span className="team-name">{team.name}</span>
                <span className="muted">{t('team.memberCount', { count: team.members.length })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
