// The time-of-day greeting of spec §1: night before 5 (and from 23), morning before 11, day before 18, evening before 23.
export type GreetingKey = 'home.welcomeNight' | 'home.welcomeMorning' | 'home.welcomeDay' | 'home.welcomeEvening';

export function greetingKey(hour: number): GreetingKey {
  if (hour < 5) return 'home.welcomeNight';
  if (hour < 11) return 'home.welcomeMorning';
  if (hour < 18) return 'home.welcomeDay';
  if (hour < 23) return 'home.welcomeEvening';
  return 'home.welcomeNight';
}
