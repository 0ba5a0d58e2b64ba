// Label chips: a label's own colour with readable text; a label without one follows the theme (no light grey in dark mode).
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { LabelChip } from '../../../src/components/LabelChip';

it('paints a coloured label in its colour, with text readable on it', () => {
  render(<LabelChip label={{ id: 1, title: 'urgent', hexColor: '1a1a80' }} />);
  const chip = screen.getByText('urgent');
  expect(chip.style.background).toBe('rgb(26, 26, 128)');
  expect(chip.style.color).toBe('rgb(255, 255, 255)');
});

it('gives a label without a colour (or the default grey) the theme colours instead of a fixed light grey', () => {
  render(<LabelChip label={{ id: 2, title: 'errand', hexColor: '' }} />);
  render(<LabelChip label={{ id: 3, title: 'later', hexColor: 'E8E8E8' }} />);
  for (const name of ['errand', 'later']) {
    const chip = screen.getByText(name);
    expect(chip).toHaveClass('is-plain');
    expect(chip.getAttribute('style')).toBeNull();
  }
});
