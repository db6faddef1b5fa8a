import { useEffect, useRef } from 'react';
import styled, { keyframes } from 'styled-components';

/** Spec section 9: intensity factors, 30 beams (20 × 1.5), hue 190–260, blurs and the pulse. */
const INTENSITY = { subtle: 0.7, medium: 0.85, strong: 1 } as const;
const BASE_BEAMS = 20;
const BEAM_FACTOR = 1.5;

interface Beam {
  x: number;
  y: number;
  width: number;
  length: number;
  angle: number;
  speed: number;
  opacity: number;
  hue: number;
  pulse: number;
  pulseSpeed: number;
}

function createBeam(width: number, height: number): Beam {
  return {
    x: Math.random() * width * 1.5 - width * 0.25,
    y: Math.random() * height * 1.5 - height * 0.25,
    width: 30 + Math.random() * 60,
    length: height * 2.5,
    angle: -35 + Math.random() * 10,
    speed: 0.6 + Math.random() * 1.2,
    opacity: 0.12 + Math.random() * 0.16,
    hue: 190 + Math.random() * 70,
    pulse: Math.random() * Math.PI * 2,
    pulseSpeed: 0.02 + Math.random() * 0.03,
  };
}

const pulse = keyframes`
  0%, 100% { opacity: 0.05; }
  50% { opacity: 0.15; }
`;

const Wrap = styled.div`
  position: fixed;
  inset: 0;
  z-index: -1;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.background};
  pointer-events: none;
`;
const Canvas = styled.canvas`
  position: absolute;
  inset: 0;
  filter: blur(15px);
`;
const Overlay = styled.div`
  position: absolute;
  inset: 0;
  background: ${({ theme }) => theme.colors.background};
  backdrop-filter: blur(50px);
  opacity: 0.05;
  animation: ${pulse} 10s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

/** The decorative animated beams behind every page; still when the user prefers less motion. */
export function Background({ intensity = 'strong' }: { intensity?: keyof typeof INTENSITY }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const count = BASE_BEAMS * BEAM_FACTOR;
    let beams: Beam[] = [];
    let frame = 0;

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = window.innerWidth * ratio;
      canvas.height = window.innerHeight * ratio;
      canvas.style.width = `${window.innerWidth}px`;
      canvas.style.height = `${window.innerHeight}px`;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      beams = Array.from({ length: count }, () =>
        createBeam(window.innerWidth, window.innerHeight),
      );
    };

    const draw = () => {
      const { innerWidth: width, innerHeight: height } = window;
      context.clearRect(0, 0, width, height);
      for (const beam of beams) {
        if (!reduced) {
          beam.y -= beam.speed;
          beam.pulse += beam.pulseSpeed;
          if (beam.y + beam.length < -100) {
            Object.assign(beam, createBeam(width, height), { y: height + 100 });
          }
        }
        const alpha = beam.opacity * (0.8 + Math.sin(beam.pulse) * 0.2) * INTENSITY[intensity];
        context.save();
        context.translate(beam.x, beam.y);
        context.rotate((beam.angle * Math.PI) / 180);
        const gradient = context.createLinearGradient(0, 0, 0, beam.length);
        gradient.addColorStop(0, `hsla(${beam.hue}, 85%, 65%, 0)`);
        gradient.addColorStop(0.4, `hsla(${beam.hue}, 85%, 65%, ${alpha})`);
        gradient.addColorStop(0.6, `hsla(${beam.hue}, 85%, 65%, ${alpha})`);
        gradient.addColorStop(1, `hsla(${beam.hue}, 85%, 65%, 0)`);
        context.fillStyle = gradient;
        context.fillRect(-beam.width / 2, 0, beam.width, beam.length);
        context.restore();
      }
      if (!reduced) frame = requestAnimationFrame(draw);
    };

    resize();
    draw();
    const onResize = () => {
      resize();
      if (reduced) draw();
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      cancelAnimationFrame(frame);
    };
  }, [intensity]);

  return (
    <Wrap aria-hidden="true">
      <Canvas ref={canvasRef} />
      <Overlay />
    </Wrap>
  );
}
