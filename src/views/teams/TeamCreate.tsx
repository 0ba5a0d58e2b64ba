// teams.create: a modal with the team name (required); opens the new team's edit page.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import * as teams from '../../actions/teams';
import { RouteModal } from '../../components/RouteModal';
import { TextField } from '../../components/TextField';
import { error as toastError, success } from '../../app/toast';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';

export default function TeamCreate() {
  const t = useT();
  usePageTitle(t('team.create.title'));
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (name.trim() === '') {
      setNameError(t('team.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      const team = await teams.create({ name: name.trim() });
      void success('team.create.success');
      navigate(pathFor('teams.edit', { id: team.id }), { replace: true });
    } catch (err) {
      void toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <RouteModal title={t('team.create.title')} fallback={pathFor('teams.index')} onSubmit={() => void submit()} submitLoading={busy}>
      <form onSubmit={(e) => void submit(e)} className="form-stack" noValidate>
        <TextField
          label={t('team.fields.name')}
          value={name}
          autoFocus
          onChange={(e) => {
            setName(e.target.value);
            if (e.target.value.trim() !== '') setNameError(null);
          }}
          error={nameError}
        />
      </form>
    </RouteModal>
  );
}
