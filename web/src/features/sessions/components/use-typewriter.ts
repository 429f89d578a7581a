import { useEffect, useState } from 'react';

/** Type 100 ms per character, delete 100 ms per character, 1000 ms pause, forever. */
export const TYPE_SPEED_MS = 100;
export const DELETE_SPEED_MS = 100;
export const PAUSE_MS = 1000;

/**
 * The visible part of `text` for a looping typewriter: types it, waits, deletes it, waits,
 * again. When `enabled` is false the whole text is shown, still.
 */
export function useTypewriter(text: string, enabled: boolean): string {
  const [length, setLength] = useState(enabled ? 0 : text.length);
  const [deleting, setDeleting] = useState(false);

  // Restart from an empty line whenever the text (the slide) changes or motion is toggled.
  useEffect(() => {
    setLength(enabled ? 0 : text.length);
    setDeleting(false);
  }, [text, enabled]);

  useEffect(() => {
    if (!enabled) return;
    let delay: number;
    let step: () => void;
    if (!deleting && length < text.length) {
      delay = TYPE_SPEED_MS;
      step = () => setLength(length + 1);
    } else if (!deleting) {
      delay = PAUSE_MS;
      step = () => setDeleting(true);
    } else if (length > 0) {
      delay = DELETE_SPEED_MS;
      step = () => setLength(length - 1);
    } else {
      delay = PAUSE_MS;
      step = () => setDeleting(false);
    }
    const timer = window.setTimeout(step, delay);
    return () => window.clearTimeout(timer);
  }, [enabled, deleting, length, text]);

  return text.slice(0, length);
}
