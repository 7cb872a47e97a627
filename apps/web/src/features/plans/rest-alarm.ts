/**
 * The end of a rest, heard and felt where the browser allows it: a short beep through Web Audio
 * (no sound file to load) and a vibration. A browser that blocks either simply stays quiet; the
 * screen and the screen reader's announcement still say the rest is over.
 */

let audio: AudioContext | null = null;

/**
 * Made (or resumed) during a press of the user: browsers start audio only after one, and the rest
 * ends with no press.
 */
export function prepareRestAlarm(): void {
  try {
    const Context =
      window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
  } catch {
    audio = null;
  }
}

export function soundRestAlarm(): void {
  try {
    if (audio && audio.state === 'running') {
      const start = audio.currentTime;
      for (const [offset, frequency] of [
        [0, 880],
        [0.25, 1175],
      ] as const) {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, start + offset);
        gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start(start + offset);
        oscillator.stop(start + offset + 0.22);
      }
    }
  } catch {
    // No sound: the screen says it.
  }
  try {
    navigator.vibrate?.([200, 100, 200]);
  } catch {
    // No vibration here.
  }
}
