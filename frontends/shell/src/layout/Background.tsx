import { type CSSProperties, useEffect, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';

/** Spec section 9: intensity factors, 30 beams (20 × 1.5), hue 190–260, blurs and the pulse. */
const INTENSITY = { subtle: 0.7, medium: 0.85, strong: 1 } as const;
const BASE_BEAMS = 20;
const BEAM_FACTOR = 1.5;
/** The blur of the beams (a Gaussian's standard deviation, px), baked into each beam's edges. */
const BLUR = 15;
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

/**
 * One beam as inline styles: the gradient and the blurred edges are painted once, and the only
 * things that change afterwards are its transform and opacity, which the compositor animates
 * without the main thread. `viewportHeight` turns the drift speed into a duration.
 */
export function beamStyle(
  beam: Beam,
  intensity: number,
  viewportHeight: number,
): { drift: CSSProperties; ray: CSSProperties } {
  const spread = 2 * BLUR;
  const outer = beam.width + 2 * spread;
  // A narrow beam blurred by BLUR px keeps only part of its brightness in the middle.
  const peak = erf(beam.width / (2 * Math.SQRT2 * BLUR));
  const ramp = Math.min(outer / 2, 1.5 * spread);
  const alpha = beam.opacity * intensity;
  const color = (a: number) => `hsla(${beam.hue.toFixed(0)}, 85%, 65%, ${a.toFixed(3)})`;
  // The drift runs from just below the screen until the whole beam (2.5 screens long) is above it.
  const travel = viewportHeight + 100 + 2.5 * viewportHeight + 100;
  const start = viewportHeight + 100 - (beam.y / 100) * viewportHeight;
  const duration = travel / (beam.speed * FRAMES_PER_SECOND);
  const halfPulse = Math.PI / (beam.pulseSpeed * FRAMES_PER_SECOND);
  const edge = `rgba(0, 0, 0, ${peak.toFixed(3)})`;
  return {
    // The moving part is unrotated, so every beam shares the same drift keyframes.
    drift: {
      left: `${beam.x.toFixed(2)}vw`,
      transform: `translateY(${beam.y.toFixed(2)}vh)`,
      animationDuration: `${duration.toFixed(1)}s, ${halfPulse.toFixed(2)}s`,
      // Negative delays start each beam where it stands when nothing moves, mid-pulse.
      animationDelay: `${(-(start / travel) * duration).toFixed(1)}s, ${(-(beam.pulse / Math.PI) * halfPulse).toFixed(2)}s`,
    },
    ray: {
      width: `${outer.toFixed(0)}px`,
      marginLeft: `${(-outer / 2).toFixed(0)}px`,
      transform: `rotate(${beam.angle.toFixed(1)}deg)`,
      backgroundImage: `linear-gradient(to bottom, ${color(0)} 0%, ${color(alpha)} 40%, ${color(alpha)} 60%, ${color(0)} 100%)`,
      maskImage: `linear-gradient(to right, transparent 0, ${edge} ${ramp.toFixed(0)}px, ${edge} ${(outer - ramp).toFixed(0)}px, transparent ${outer.toFixed(0)}px)`,
    },
  };
}

const drift = keyframes`
  from { transform: translateY(calc(100vh + 100px)); }
  to { transform: translateY(calc(-250vh - 100px)); }
`;
/** The canvas's pulse: 0.8 ± 0.2 of each beam's opacity. */
const glow = keyframes`
  from { opacity: 0.6; }
  to { opacity: 1; }
`;
const pulse = keyframes`
  0%, 100% { opacity: 0.05; }
  50% { opacity: 0.15; }
`;

const Wrap = styled.div`
  position: fixed;
  inset: 0;
  z-index: -1;
  overflow: hidden;
  contain: strict;
  background: ${({ theme }) => theme.colors.background};
  pointer-events: none;
  &[data-paused] * { animation-play-state: paused; }
`;
const Drift = styled.div`
  position: absolute;
  top: 0;
  width: 0;
  height: 0;
  opacity: 0.8;
  animation-name: ${drift}, ${glow};
  animation-timing-function: linear, ease-in-out;
  animation-iteration-count: infinite;
  animation-direction: normal, alternate;
  @media (prefers-reduced-motion: reduce) { animation: none; }
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
  animation: ${pulse} 10s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

/**
 * The decorative beams behind every page. Each is painted once; the compositor moves and pulses
 * them (transform and opacity only), so after the first paint the page's main thread stays
 * idle. They stop while the tab is hidden or the background is off screen, and stand still
 * when the user prefers less motion.
 */
export function Background({ intensity = 'strong' }: { intensity?: keyof typeof INTENSITY }) {
  const wrap = useRef<HTMLDivElement>(null);
  const [beams] = useState(() =>
    Array.from({ length: BASE_BEAMS * BEAM_FACTOR }, () => createBeam()),
  );
  const [height] = useState(() =>
    typeof window === 'undefined' ? 900 : window.innerHeight || 900,
  );

  useEffect(() => {
    const element = wrap.current;
    if (!element) return;
    let onScreen = true;
    const update = () => element.toggleAttribute('data-paused', document.hidden || !onScreen);
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            onScreen = entries.some((entry) => entry.isIntersecting);
            update();
          });
    observer?.observe(element);
    document.addEventListener('visibilitychange', update);
    update();
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', update);
    };
  }, []);

  return (
    <Wrap ref={wrap} aria-hidden="true" data-testid="background">
      {beams.map((beam, index) => {
        const style = beamStyle(beam, INTENSITY[intensity], height);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the beams never change order or number
          <Drift key={index} style={style.drift}>
            <Ray style={style.ray} />
          </Drift>
        );
      })}
      <Overlay />
    </Wrap>
  );
}
