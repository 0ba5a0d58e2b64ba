// The month grid of the date picker: react-day-picker in the user's language and week start; loaded only when a calendar first opens.
import { DayPicker, type Labels } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useAtomValue } from 'jotai';
import { useT } from '../i18n';
import { DATE_FORMAT_MONTH, DATE_FORMAT_SPELLED_DAY, useDateLocale, useFormatDate } from '../i18n/dateLocale';
import { weekStartAtom } from '../state/session';
import './calendar.css';

export interface CalendarProps {
  /** The picked day (its time is ignored), or null. */
  value: Date | null;
  onPick: (day: Date) => void;
}

type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export default function Calendar({ value, onPick }: CalendarProps) {
  const t = useT();
  const locale = useDateLocale();
  const formatDate = useFormatDate();
  const stored = useAtomValue(weekStartAtom);
  // The setting is 0 (Sunday) or 1 (Monday) today; anything outside a week falls back to the locale's own start.
  const weekStartsOn = Number.isInteger(stored) && stored >= 0 && stored <= 6 ? (stored as WeekDay) : undefined;
  // The library's built-in labels are English; every name a screen reader hears comes from the app's locale files.
  const labels: Partial<Labels> = {
    labelNav: () => t('task.datePicker.months'),
    labelNext: () => t('task.datePicker.nextMonth'),
    labelPrevious: () => t('task.datePicker.previousMonth'),
    labelGrid: (month) => formatDate(month, DATE_FORMAT_MONTH),
    labelDayButton: (day, modifiers) => {
      const date = formatDate(day, DATE_FORMAT_SPELLED_DAY);
      if (modifiers.selected) return t('task.datePicker.daySelected', { date });
      if (modifiers.today) return t('task.datePicker.dayToday', { date });
      return date;
    },
  };
  return (
    <DayPicker
      mode="single"
      required
      selected={value ?? undefined}
      defaultMonth={value ?? new Date()}
      onSelect={(day) => day && onPick(day)}
      weekStartsOn={weekStartsOn}
      locale={locale}
      labels={labels}
      // Focus goes to the picked day (else today) so the arrows work at once.
      autoFocus
      showOutsideDays
      fixedWeeks
    />
  );
}
