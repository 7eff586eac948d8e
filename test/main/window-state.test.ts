import { describe, expect, it } from 'vitest';

import {
  defaultWindowSize,
  isVisibleOnSomeDisplay,
  restoreWindowState,
} from '../../electron/main/window-state';

const laptop = { x: 0, y: 0, width: 1366, height: 728 };
const rightMonitor = { x: 1366, y: 0, width: 1920, height: 1040 };

describe('window state', () => {
  it('keeps a window whose title bar is on a display', () => {
    expect(isVisibleOnSomeDisplay({ x: 100, y: 100, width: 800, height: 600 }, [laptop])).toBe(true);
    expect(isVisibleOnSomeDisplay({ x: 1500, y: 10, width: 800, height: 600 }, [laptop, rightMonitor])).toBe(
      true,
    );
  });

  it('drops a window left on an unplugged monitor or dragged off the top', () => {
    expect(isVisibleOnSomeDisplay({ x: 1500, y: 10, width: 800, height: 600 }, [laptop])).toBe(false);
    expect(isVisibleOnSomeDisplay({ x: 100, y: -500, width: 800, height: 520 }, [laptop])).toBe(false);
    expect(isVisibleOnSomeDisplay({ x: 1340, y: 10, width: 800, height: 600 }, [laptop])).toBe(false);
  });

  it('restores only valid saved state', () => {
    const saved = { x: 1500, y: 10, width: 1200, height: 800, maximized: true };
    expect(restoreWindowState(saved, [laptop, rightMonitor])).toEqual({
      bounds: { x: 1500, y: 10, width: 1200, height: 800 },
      maximized: true,
    });
    expect(restoreWindowState(saved, [laptop])).toEqual({
      bounds: { width: 1200, height: 800 },
      maximized: true,
    });
    for (const bad of [undefined, null, 'x', { x: 1, y: 1, width: 10, height: 10, maximized: false }]) {
      expect(restoreWindowState(bad, [laptop])).toEqual({ bounds: defaultWindowSize, maximized: false });
    }
  });
});
