/** Seconds left before a code may be sent again, ticking down once a second. */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): [secondsLeft: number, start: (seconds: number) => void] {
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setDeadline(at + seconds * 1000);
  }, []);

  return [Math.max(0, Math.ceil((deadline - now) / 1000)), start];
}
