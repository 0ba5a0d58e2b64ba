// General settings: name, language, week start, time zone, default list, quick-add mode, reminders, discoverability, sound, colour scheme.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai/react';
import { currentLanguage, setLanguage, useT } from '../../i18n';
import { SUPPORTED_LOCALES } from '../../constants';
import { userAtom } from '../../state/session';
import { colorSchemeAtom, type ColorScheme } from '../../state/theme';
import { loadNamespaces, namespacesLoadedAtom } from '../../state/namespaces';
import type { GeneralSettings, QuickAddMode } from '../../api/settings';
import { loadTimezones, saveGeneral } from '../../actions/settings';
import type { User } from '../../api/user';
import { TextField } from '../../components/TextField';
import { Button } from '../../components/Button';
import { ListPickerField } from '../../components/ListPickerField';
import { error as errorToast, success as successToast } from '../../app/toast';
import { errorTextAsync } from '../../app/errorText';
import { focusAfterPalette } from '../../app/palette/paletteFocus';
import { languageFieldRequestAtom } from '../../state/focusRequests';
import { SettingsLayout } from './SettingsLayout';
import { Checkbox, SelectField } from './controls';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { QUICK_ADD_MODES, clientPreferences, mergedFrontendSettings } from '../../state/frontendSettings';
import { overdueTimeError, toTimeInput } from './validation';
import { DATE_FORMAT_TIME, useFormatDate } from '../../i18n/dateLocale';

interface FormState {
  name: string;
  language: string;
  weekStart: number;
  timezone: string;
  defaultListId: number;
  quickAddMagicMode: QuickAddMode;
  emailRemindersEnabled: boolean;
  overdueTasksRemindersEnabled: boolean;
  overdueTasksRemindersTime: string;
  discoverableByName: boolean;
  discoverableByEmail: boolean;
  playSoundWhenDone: boolean;
  colorScheme: ColorScheme;
}

function formFromUser(user: User, scheme: ColorScheme): FormState {
  const s = user.settings ?? {};
  const prefs = clientPreferences(user);
  return {
    name: s.name ?? user.name ?? '',
    // The language the person is reading now when the server has none stored yet.
    language: s.language || currentLanguage(),
    weekStart: s.weekStart ?? 0,
    timezone: s.timezone ?? '',
    defaultListId: s.defaultListId ?? 0,
    quickAddMagicMode: prefs.quickAddMagicMode,
    emailRemindersEnabled: s.emailRemindersEnabled ?? true,
    overdueTasksRemindersEnabled: s.overdueTasksRemindersEnabled ?? true,
    overdueTasksRemindersTime: toTimeInput(s.overdueTasksRemindersTime),
    discoverableByName: s.discoverableByName ?? false,
    discoverableByEmail: s.discoverableByEmail ?? false,
    playSoundWhenDone: prefs.playSoundWhenDone,
    colorScheme: scheme,
  };
}

export default function General() {
  const t = useT();
  const formatDate = useFormatDate();
  const user = useAtomValue(userAtom);
  const [scheme, setScheme] = useAtom(colorSchemeAtom);
  const namespacesLoaded = useAtomValue(namespacesLoadedAtom);
  const [form, setForm] = useState<FormState | null>(null);
  const [timezones, setTimezones] = useState<string[]>([]);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Filled once GET /user has brought the settings; later refreshes do not overwrite what is being typed.
  useEffect(() => {
    if (!form && user?.settings) setForm(formFromUser(user, scheme));
  }, [user, form, scheme]);

  // The palette's "change the language" opens this page at #language: put the focus on the picker.
  const { hash } = useLocation();
  const ready = form !== null;
  // Asked again while the page is open, the request (not the unchanged address) brings the focus back to it; with the
  // palette still closing, the field takes the focus after the palette has handed it back.
  const languageRequest = useAtomValue(languageFieldRequestAtom);
  useEffect(() => {
    if (ready && hash === '#language') focusAfterPalette(() => document.querySelector<HTMLSelectElement>('select[name="language"]'));
  }, [ready, hash, languageRequest]);

  useEffect(() => {
    let alive = true;
    loadTimezones()
      .then((zones) => alive && setTimezones(zones))
      .catch(() => undefined);
    if (!namespacesLoaded) loadNamespaces().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [namespacesLoaded]);

  const zoneOptions = useMemo(() => {
    const zones = new Set(timezones);
    if (form?.timezone) zones.add(form.timezone);
    return [...zones].sort();
  }, [timezones, form?.timezone]);

  const update = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!form || !user) return;
    const problem = overdueTimeError(form.overdueTasksRemindersTime);
    setTimeError(problem ? t(problem) : null);
    if (problem) return;
    const prefs = { quickAddMagicMode: form.quickAddMagicMode, playSoundWhenDone: form.playSoundWhenDone };
    const settings: GeneralSettings = {
      name: form.name.trim(),
      emailRemindersEnabled: form.emailRemindersEnabled,
      discoverableByName: form.discoverableByName,
      discoverableByEmail: form.discoverableByEmail,
      overdueTasksRemindersEnabled: form.overdueTasksRemindersEnabled,
      overdueTasksRemindersTime: form.overdueTasksRemindersTime.trim(),
      defaultListId: form.defaultListId,
      weekStart: form.weekStart,
      timezone: form.timezone,
      language: form.language,
      frontendSettings: mergedFrontendSettings(user, prefs),
    };
    setSaving(true);
    try {
      await saveGeneral(user, settings, prefs);
    } catch (err) {
      void errorToast(new Error(`${t('user.settings.general.saveError')}: ${await errorTextAsync(err)}`));
      setSaving(false);
      return;
    }
    setScheme(form.colorScheme);
    if (form.language !== currentLanguage()) await setLanguage(form.language);
    setSaving(false);
    void successToast('user.settings.general.savedSuccess');
  }

  return (
    <SettingsLayout page="general" loading={!form}>
      {form && (
        <form className="settings-form" onSubmit={save} noValidate aria-label={t('user.settings.general.title')}>
          <TextField
            label={t('user.settings.general.name')}
            name="name"
            autoComplete="name"
            value={form.name}
            onChange={(e) => update('name', e.target.value)}
          />
          <SelectField label={t('user.settings.general.language')} name="language" value={form.language} onChange={(e) => update('language', e.target.value)}>
            {SUPPORTED_LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('user.settings.general.weekStart')}
            name="weekStart"
            value={form.weekStart}
            onChange={(e) => update('weekStart', Number(e.target.value))}
          >
            <option value={0}>{t('user.settings.general.weekStartSunday')}</option>
            <option value={1}>{t('user.settings.general.weekStartMonday')}</option>
          </SelectField>
          <SelectField label={t('user.settings.general.timezone')} name="timezone" value={form.timezone} onChange={(e) => update('timezone', e.target.value)}>
            <option value="">{t('user.settings.general.timezoneServer')}</option>
            {zoneOptions.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </SelectField>
          <div className="field">
            <div className="field-label-row">
              <span className="field-label">{t('user.settings.general.defaultList')}</span>
            </div>
            <div className="field-control">
              <ListPickerField
                label={t('user.settings.general.defaultList')}
                value={form.defaultListId}
                onChange={(id) => update('defaultListId', id)}
                noneLabel={t('user.settings.general.defaultListNone')}
              />
            </div>
            <p className="field-help">{t('user.settings.general.defaultListHelp')}</p>
          </div>
          <SelectField
            label={t('user.settings.quickAddMagic.title')}
            name="quickAddMagicMode"
            value={form.quickAddMagicMode}
            onChange={(e) => update('quickAddMagicMode', e.target.value as QuickAddMode)}
            help={t('user.settings.quickAddMagic.help')}
          >
            {QUICK_ADD_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`user.settings.quickAddMagic.${m}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('user.settings.appearance.colorScheme')}
            name="colorScheme"
            value={form.colorScheme}
            onChange={(e) => update('colorScheme', e.target.value as ColorScheme)}
          >
            <option value="light">{t('user.settings.appearance.light')}</option>
            <option value="dark">{t('user.settings.appearance.dark')}</option>
            <option value="auto">{t('user.settings.appearance.auto')}</option>
          </SelectField>
          <fieldset>
            <legend>{t('user.settings.general.reminders')}</legend>
            <Checkbox
              label={t('user.settings.general.emailReminders')}
              name="emailRemindersEnabled"
              checked={form.emailRemindersEnabled}
              onChange={(v) => update('emailRemindersEnabled', v)}
            />
            <Checkbox
              label={t('user.settings.general.overdueReminders')}
              name="overdueTasksRemindersEnabled"
              checked={form.overdueTasksRemindersEnabled}
              onChange={(v) => update('overdueTasksRemindersEnabled', v)}
            />
            <TextField
              label={t('user.settings.general.overdueTasksRemindersTime')}
              name="overdueTasksRemindersTime"
              // A text field on the app's 24-hour clock: the browser's time input follows the browser's language (9:00 AM).
              type="text"
              autoComplete="off"
              maxLength={5}
              placeholder={formatDate(new Date(2000, 0, 1, 18, 30), DATE_FORMAT_TIME)}
              value={form.overdueTasksRemindersTime}
              disabled={!form.overdueTasksRemindersEnabled}
              onChange={(e) => {
                update('overdueTasksRemindersTime', e.target.value);
                if (timeError) setTimeError(null);
              }}
              error={timeError}
            />
          </fieldset>
          <fieldset>
            <legend>{t('user.settings.general.privacy')}</legend>
            <Checkbox
              label={t('user.settings.general.discoverableByName')}
              name="discoverableByName"
              checked={form.discoverableByName}
              onChange={(v) => update('discoverableByName', v)}
            />
            <Checkbox
              label={t('user.settings.general.discoverableByEmail')}
              name="discoverableByEmail"
              checked={form.discoverableByEmail}
              onChange={(v) => update('discoverableByEmail', v)}
            />
          </fieldset>
          <fieldset>
            <legend>{t('user.settings.general.tasks')}</legend>
            <Checkbox
              label={t('user.settings.general.playSoundWhenDone')}
              name="playSoundWhenDone"
              checked={form.playSoundWhenDone}
              onChange={(v) => update('playSoundWhenDone', v)}
            />
          </fieldset>
          <div className="settings-actions">
            <Button type="submit" loading={saving}>
              {t('misc.save')}
            </Button>
          </div>
        </form>
      )}
    </SettingsLayout>
  );
}
