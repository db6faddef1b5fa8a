import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';

/** The animated backdrop: intensity factors, 30 beams (20 × 1.5), hue 190–260, blurs and the pulse. */
const INTENSITY = { subtle: 0.7, medium: 0.85, strong: 1 } as const;
const BASE_BEAMS = 20;
const BEAM_FACTOR = 1.5;
/** The blur of the beams (a Gaussian's standard deviation, px), baked into each beam's edges. */
const BLUR = 15;
/**
 * Blurring the whole canvas also dimmed where beams crossed and met the screen's edges; measured
 * against that canvas (same beams, mean and peak brightness of the screen), the painted beams
 * match it at this share of their opacity.
 */
const CANVAS_MATCH = 0.87;
/** The drift was tuned in pixels per frame of a 60 Hz display. */
const FRAMES_PER_SECOND = 60;

export interface Beam {
  /** Centre of the beam's top end, in viewport widths (%) and heights (%). */
  x: number;
  y: number;
  /** The beam's own width, px, before its edges are blurred. */
  width: number;
  angle: number;
  /** Upward drift, px per frame. */
  speed: number;
  opacity: number;
  hue: number;
  /** Where the pulse starts (radians) and how fast it turns (radians per frame). */
  pulse: number;
  pulseSpeed: number;
}

export function createBeam(random: () => number = Math.random): Beam {
  return {
    x: random() * 150 - 25,
    y: random() * 150 - 25,
    width: 30 + random() * 60,
    angle: -35 + random() * 10,
    speed: 0.6 + random() * 1.2,
    opacity: 0.12 + random() * 0.16,
    hue: 190 + random() * 70,
    pulse: random() * Math.PI * 2,
    pulseSpeed: 0.02 + random() * 0.03,
  };
}

/** erf, for the peak of a box of `width` blurred by a Gaussian (Abramowitz–Stegun 7.1.26). */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return Math.sign(x) * (1 - poly * Math.exp(-x * x));
}

/** How a beam moves: its drift and its pulse, as Web Animations timings (ms). */
export interface BeamMotion {
  drift: { duration: number; delay: number };
  glow: { duration: number; delay: number };
}

/**
 * One beam: its look as inline styles, painted once (the gradient and its blurred edges), and
 * its motion, which changes only transform and opacity, so the compositor runs it without the
 * main thread. `viewportHeight` turns the drift speed (px per frame) into a duration.
 */
export function beamStyle(
  beam: Beam,
  intensity: number,
  viewportHeight: number,
): { drift: CSSProperties; ray: CSSProperties; motion: BeamMotion } {
  const spread = 2 * BLUR;
  const outer = beam.width + 2 * spread;
  // A narrow beam blurred by BLUR px keeps only part of its brightness in the middle.
  const peak = erf(beam.width / (2 * Math.SQRT2 * BLUR));
  const ramp = Math.min(outer / 2, 1.5 * spread);
  const alpha = beam.opacity * intensity * CANVAS_MATCH;
  const color = (a: number) => `hsla(${beam.hue.toFixed(0)}, 85%, 65%, ${a.toFixed(3)})`;
  // The drift runs from just below the screen until the whole beam (2.5 screens long) is above it.
  const travel = viewportHeight + 100 + 2.5 * viewportHeight + 100;
  const start = viewportHeight + 100 - (beam.y / 100) * viewportHeight;
  const duration = (travel / (beam.speed * FRAMES_PER_SECOND)) * 1000;
  const halfPulse = (Math.PI / (beam.pulseSpeed * FRAMES_PER_SECOND)) * 1000;
  const edge = `rgba(0, 0, 0, ${peak.toFixed(3)})`;
  return {
    // The moving part is unrotated, so every beam shares the same drift keyframes.
    drift: {
      left: `${beam.x.toFixed(2)}vw`,
      transform: `translateY(${beam.y.toFixed(2)}vh)`,
    },
    ray: {
      width: `${outer.toFixed(0)}px`,
      marginLeft: `${(-outer / 2).toFixed(0)}px`,
      transform: `rotate(${beam.angle.toFixed(1)}deg)`,
      backgroundImage: `linear-gradient(to bottom, ${color(0)} 0%, ${color(alpha)} 40%, ${color(alpha)} 60%, ${color(0)} 100%)`,
      maskImage: `linear-gradient(to right, transparent 0, ${edge} ${ramp.toFixed(0)}px, ${edge} ${(outer - ramp).toFixed(0)}px, transparent ${outer.toFixed(0)}px)`,
    },
    // Negative delays start each beam where it stands when nothing moves, mid-pulse.
    motion: {
      drift: { duration, delay: -(start / travel) * duration },
      glow: { duration: halfPulse, delay: -(beam.pulse / Math.PI) * halfPulse },
    },
  };
}

const DRIFT: Keyframe[] = [
  { transform: 'translateY(calc(100vh + 100px))' },
  { transform: 'translateY(calc(-250vh - 100px))' },
];
/** The canvas's pulse: 0.8 ± 0.2 of each beam's opacity. */
const GLOW: Keyframe[] = [{ opacity: 0.6 }, { opacity: 1 }];
const VEIL: Keyframe[] = [{ opacity: 0.05 }, { opacity: 0.15 }, { opacity: 0.05 }];

const Wrap = styled.div`
  position: fixed;
  inset: 0;
  z-index: -1;
  overflow: hidden;
  contain: strict;
  background: ${({ theme }) => theme.colors.background};
  pointer-events: none;
`;
const Drift = styled.div`
  position: absolute;
  top: 0;
  width: 0;
  height: 0;
  opacity: 0.8;
`;
/** The beam itself: 2.5 screens long, leaning from its top end. */
const Ray = styled.div`
  height: 250vh;
  transform-origin: 50% 0;
`;
/** A veil of the page's colour breathing over the beams (it once blurred them as well). */
const Overlay = styled.div`
  position: absolute;
  inset: 0;
  background: ${({ theme }) => theme.colors.background};
  opacity: 0.05;
`;

/**
 * The decorative beams behind every page. Each is painted once; the compositor moves and pulses
 * them (transform and opacity only), so after the first paint the page's main thread stays
 * idle. Web Animations rather than CSS ones: a page with React listens for animation events,
 * and a CSS animation then wakes the main thread on every frame to keep them on time. The beams
 * stop while the tab is hidden or the background is off screen, and stand still when the user
 * prefers less motion.
 */
export function Background({ intensity = 'strong' }: { intensity?: keyof typeof INTENSITY }) {
  const wrap = useRef<HTMLDivElement>(null);
  const [beams] = useState(() =>
    Array.from({ length: BASE_BEAMS * BEAM_FACTOR }, () => createBeam()),
  );
  const [height] = useState(() =>
    typeof window === 'undefined' ? 900 : window.innerHeight || 900,
  );
  const styles = useMemo(
    () => beams.map((beam) => beamStyle(beam, INTENSITY[intensity], height)),
    [beams, intensity, height],
  );

  useEffect(() => {
    const element = wrap.current;
    if (!element || typeof element.animate !== 'function') return;
    const motion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    let animations: Animation[] = [];
    let onScreen = true;
    const playOrPause = () => {
      for (const animation of animations) {
        if (document.hidden || !onScreen) animation.pause();
        else animation.play();
      }
    };
    const start = () => {
      for (const animation of animations) animation.cancel();
      animations = [];
      if (motion?.matches) return;
      const drifts = element.querySelectorAll<HTMLElement>('[data-beam]');
      drifts.forEach((drift, index) => {
        const timing = styles[index]?.motion;
        if (!timing) return;
        animations.push(
          drift.animate(DRIFT, { ...timing.drift, iterations: Infinity, easing: 'linear' }),
          drift.animate(GLOW, {
            ...timing.glow,
            iterations: Infinity,
            direction: 'alternate',
            easing: 'ease-in-out',
          }),
        );
      });
      const veil = element.querySelector<HTMLElement>('[data-veil]');
      if (veil) {
        animations.push(
          veil.animate(VEIL, { duration: 10_000, iterations: Infinity, easing: 'ease-in-out' }),
        );
      }
      playOrPause();
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            onScreen = entries.some((entry) => entry.isIntersecting);
            playOrPause();
          });
    observer?.observe(element);
    document.addEventListener('visibilitychange', playOrPause);
    motion?.addEventListener?.('change', start);
    start();
    return () => {
      for (const animation of animations) animation.cancel();
      observer?.disconnect();
      document.removeEventListener('visibilitychange', playOrPause);
      motion?.removeEventListener?.('change', start);
    };
  }, [styles]);

  return (
    <Wrap ref={wrap} aria-hidden="true" data-testid="background">
      {styles.map((style, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the beams never change order or number
        <Drift key={index} data-beam="" style={style.drift}>
          <Ray style={style.ray} />
        </Drift>
      ))}
      <Overlay data-veil="" />
    </Wrap>
  );
}
