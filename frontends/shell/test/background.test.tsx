import { act, render } from '@testing-library/react';
import { theme } from '@uapqa/ui';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Background } from '../src/layout/Background';

interface FakeAnimation {
  keyframes: Keyframe[];
  options: KeyframeAnimationOptions;
  pause: ReturnType<typeof vi.fn>;
  play: ReturnType<typeof vi.fn>;
  cancel: ReturnType<typeof vi.fn>;
}

let animations: FakeAnimation[] = [];
let observed: IntersectionObserverCallback | null = null;
let hidden = false;

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

beforeEach(() => {
  animations = [];
  observed = null;
  hidden = false;
  // jsdom runs no animations: record what the component asks the browser to animate.
  Element.prototype.animate = vi.fn(function animate(keyframes, options) {
    const animation = {
      keyframes: keyframes as Keyframe[],
      options: options as KeyframeAnimationOptions,
      pause: vi.fn(),
      play: vi.fn(),
      cancel: vi.fn(),
    };
    animations.push(animation);
    return animation as unknown as Animation;
  });
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        observed = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(Element.prototype, 'animate');
});

const show = () =>
  render(
    <ThemeProvider theme={theme}>
      <Background />
    </ThemeProvider>,
  );

describe('the background', () => {
  it('draws 30 beams, decorative, with no canvas and no filter to run on every frame', () => {
    prefersReducedMotion(false);
    const { container } = show();
    const background = container.querySelector('[data-testid="background"]');
    expect(background?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('[data-beam]')).toHaveLength(30);
    expect(container.querySelector('canvas')).toBeNull();
    for (const element of container.querySelectorAll<HTMLElement>('*')) {
      expect(element.style.filter).toBe('');
      expect(element.style.getPropertyValue('backdrop-filter')).toBe('');
    }
  });

  it('animates only transform and opacity, which the compositor runs alone', () => {
    prefersReducedMotion(false);
    show();
    // A drift and a pulse per beam, and the veil's pulse.
    expect(animations).toHaveLength(61);
    for (const { keyframes, options } of animations) {
      for (const frame of keyframes) {
        const properties = Object.keys(frame).filter((key) => !['offset', 'easing'].includes(key));
        expect(properties.every((key) => key === 'transform' || key === 'opacity')).toBe(true);
      }
      expect(options.iterations).toBe(Number.POSITIVE_INFINITY);
    }
  });

  it('stops while the tab is hidden and while it is off screen, and goes on after', () => {
    prefersReducedMotion(false);
    show();
    expect(animations.length).toBeGreaterThan(0);
    const paused = () => animations.every((animation) => animation.pause.mock.calls.length > 0);
    hidden = true;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(paused()).toBe(true);
    hidden = false;
    for (const animation of animations) animation.play.mockClear();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(animations.every((animation) => animation.play.mock.calls.length > 0)).toBe(true);

    for (const animation of animations) animation.pause.mockClear();
    act(() => {
      observed?.(
        [{ isIntersecting: false } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    });
    expect(paused()).toBe(true);
  });

  it('stands still when the user prefers less motion', () => {
    prefersReducedMotion(true);
    const { container } = show();
    expect(container.querySelectorAll('[data-beam]')).toHaveLength(30);
    expect(animations).toHaveLength(0);
  });

  it('lets go of its animations when it leaves the page', () => {
    prefersReducedMotion(false);
    const { unmount } = show();
    expect(animations.length).toBeGreaterThan(0);
    unmount();
    expect(animations.every((animation) => animation.cancel.mock.calls.length > 0)).toBe(true);
  });
});
