import { z } from 'zod';

import type { JsonStore } from '../app/stores/json-file';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export const defaultWindowSize = { width: 1280, height: 800 };
const KEY = 'window';

/** A title-bar strip this tall must be visible, or the user could not grab the window to move it. */
const MIN_VISIBLE = 48;

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

/** True when the window's top strip lies on some display's work area (monitor unplugged → false). */
export function isVisibleOnSomeDisplay(bounds: Rectangle, workAreas: readonly Rectangle[]): boolean {
  const titleBar = {
    x: bounds.x,
    y: bounds.y,
    width: bounds.width,
    height: Math.min(MIN_VISIBLE, bounds.height),
  };
  return workAreas.some((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= Math.min(MIN_VISIBLE * 2, bounds.width) && shared.height >= titleBar.height / 2;
  });
}

/** The saved state when it is still usable on the current displays; size only otherwise. */
export function restoreWindowState(
  saved: unknown,
  workAreas: readonly Rectangle[],
): { bounds: Partial<Rectangle> & { width: number; height: number }; maximized: boolean } {
  const parsed = windowStateSchema.safeParse(saved);
  if (!parsed.success) return { bounds: { ...defaultWindowSize }, maximized: false };
  const { x, y, width, height, maximized } = parsed.data;
  if (isVisibleOnSomeDisplay({ x, y, width, height }, workAreas)) {
    return { bounds: { x, y, width, height }, maximized };
  }
  // Keep the size the user chose, let the OS centre it on a display that exists.
  return { bounds: { width, height }, maximized };
}

export function loadWindowState(store: JsonStore): unknown {
  try {
    return store.get(KEY);
  } catch {
    return undefined;
  }
}

export function saveWindowState(store: JsonStore, state: WindowState): void {
  const parsed = windowStateSchema.safeParse(state);
  if (parsed.success) store.set(KEY, parsed.data);
}
