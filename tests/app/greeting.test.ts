// The time-of-day greeting and the page title format.
import { describe, expect, it } from 'vitest';
import { greetingKey } from '../../src/views/home/greeting';
import { pageTitle } from '../../src/app/usePageTitle';
import { t } from '../../src/i18n';

describe('greeting by hour', () => {
  it.each([
    [0, 'home.welcomeNight'],
    [4, 'home.welcomeNight'],
    [5, 'home.welcomeMorning'],
    [10, 'home.welcomeMorning'],
    [11, 'home.welcomeDay'],
    [17, 'home.welcomeDay'],
    [18, 'home.welcomeEvening'],
    [22, 'home.welcomeEvening'],
    [23, 'home.welcomeNight'],
  ])('%i h → %s', (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });

  it('fills in the name', () => {
    expect(t('home.welcomeMorning', { username: 'ada' })).toBe('Good morning, ada!');
  });
});

describe('page titles', () => {
  it('reads "{page} | Keyflow", or the product alone', () => {
    expect(pageTitle('Login')).toBe('Login | Keyflow');
    expect(pageTitle()).toBe('Keyflow');
  });
});
