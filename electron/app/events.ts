import type { EventChannel, EventPayload } from '../shared/contract';
import { events } from '../shared/contract';

export type EventListener = (event: EventChannel, payload: unknown) => void;

/** Events from services to whichever transport is attached (IPC windows, SSE clients). */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    const checked = events[event].parse(payload);
    for (const listener of this.listeners) {
      try {
        listener(event, checked);
      } catch {
        // A broken transport must not stop the others nor the emitting service.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
