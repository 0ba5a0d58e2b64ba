// The times a date gets when its words name only a day ("tomorrow") or only an evening ("tonight"): one rule for quick-add, the date fields and the calendar.

export interface TimeOfDay {
  hours: number;
  minutes: number;
}

/** A day without a time is due at 09:00 unless the user chose another time. */
export const DEFAULT_TIME: Readonly<TimeOfDay> = { hours: 9, minutes: 0 };

/** "tonight" is 21:00 unless the user chose another evening time. */
export const EVENING_TIME: Readonly<TimeOfDay> = { hours: 21, minutes: 0 };

/** The user's times, where they set them; what is missing falls back to the defaults above. */
export interface DateTimes {
  defaultTime?: TimeOfDay | null;
  eveningTime?: TimeOfDay | null;
}

function valid(time: TimeOfDay | null | undefined): time is TimeOfDay {
  return (
    time !== null &&
    time !== undefined &&
    Number.isInteger(time.hours) &&
    Number.isInteger(time.minutes) &&
    time.hours >= 0 &&
    time.hours <= 23 &&
    time.minutes >= 0 &&
    time.minutes <= 59
  );
}

export function defaultTimeOf(times: DateTimes | undefined): TimeOfDay {
  return valid(times?.defaultTime) ? times.defaultTime : DEFAULT_TIME;
}

export function eveningTimeOf(times: DateTimes | undefined): TimeOfDay {
  return valid(times?.eveningTime) ? times.eveningTime : EVENING_TIME;
}

/** The day of `day` at the given time, seconds and milliseconds 0. */
export function atTime(day: Date, time: TimeOfDay): Date {
  const date = new Date(day.getTime());
  date.setHours(time.hours, time.minutes, 0, 0);
  return date;
}
