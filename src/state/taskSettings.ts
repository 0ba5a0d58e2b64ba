// Locally stored task settings: the quick-add prefix mode and the pop sound on done.
import { atom } from 'jotai/vanilla';
import { PrefixMode } from '../../parsers';

const QUICK_ADD_KEY = 'quickAddMagicMode';
const POP_SOUND_KEY = 'playSoundWhenDone';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Nothing stored means the default mode; unknown values are passed on and count as disabled in the parser. */
export function quickAddMode(): string {
  return read(QUICK_ADD_KEY) ?? PrefixMode.Default;
}
export const quickAddModeAtom = atom<string>(quickAddMode());

export function popSoundEnabled(): boolean {
  return read(POP_SOUND_KEY) === 'true';
}

/** A short synthesised pop, so no audio file is shipped. */
export function playPop(): void {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.setValueAtTime(600, ctx.currentTime);
    osc.frequency.exponentialRampToValueAtTime(180, ctx.currentTime + 0.12);
    gain.gain.setValueAtTime(0.25, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.15);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.16);
    osc.onended = () => void ctx.close();
  } catch {
    // Sound is a nicety; never fail the save for it.
  }
}
