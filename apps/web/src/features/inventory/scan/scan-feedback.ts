/**
 * Sound and vibration after a scan: a short high beep when it counted, a long low buzz when it did not, so a
 * counter does not have to look at the screen. WebAudio makes the tones (no audio files to serve).
 */

const SOUND_KEY = 'sw-scan-sound';
let audio: AudioContext | undefined;

/** Whether sounds are on (a per-device choice, on by default). */
export function soundEnabled(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSoundEnabled(on: boolean): void {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // private mode: the choice lasts for this page only
  }
}

function tone(frequency: number, seconds: number, type: OscillatorType) {
  const Ctx =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  audio ??= new Ctx();
  // browsers start the context suspended until a user gesture; a key press or tap is one
  if (audio.state === 'suspended') void audio.resume();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = type;
  osc.frequency.value = frequency;
  const t = audio.currentTime;
  gain.gain.setValueAtTime(0.2, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + seconds);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + seconds);
}

/** Plays the feedback of a scan: `ok` high and short, otherwise low and long (plus vibration where supported). */
export function feedback(ok: boolean): void {
  try {
    if (soundEnabled()) {
      if (ok) tone(1760, 0.09, 'sine');
      else tone(220, 0.35, 'square');
    }
  } catch {
    // no audio device
  }
  try {
    navigator.vibrate?.(ok ? 40 : [150, 80, 150]);
  } catch {
    // vibration blocked (iframes, desktop)
  }
}
