// The right picker shared by every share form: read only, read & write, admin.
import { useT } from '../../i18n';
import type { Right } from '../../api/sharing';
import '../../components/organising.css';

export function RightSelect({ value, onChange, label, disabled }: { value: Right; onChange: (r: Right) => void; label: string; disabled?: boolean }) {
  const t = useT();
  return (
    <select className="select" aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value) as Right)}>
      <option value={0}>{t('sharing.right.read')}</option>
      <option value={1}>{t('sharing.right.readWrite')}</option>
      <option value={2}>{t('sharing.right.admin')}</option>
    </select>
  );
}
