import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import PrimeVue from 'primevue/config';
import ToastService from 'primevue/toastservice';
import Tooltip from 'primevue/tooltip';
import type { Component } from 'vue';
import { createMemoryHistory } from 'vue-router';

import { setTransport } from '../../../renderer/src/bridge';
import { localePtBr } from '../../../renderer/src/locale-pt-br';
import { panelTitleToggle } from '../../../renderer/src/panel-title-toggle';
import { createAppRouter } from '../../../renderer/src/router';
import type { FakeTransport } from './fake-transport';

/** Mounts a component the way main.ts wires the app, over a fake transport. */
export async function mountWith(
  component: Component,
  transport: FakeTransport,
  options: { route?: string } = {},
) {
  setTransport(transport);
  const pinia = createPinia();
  setActivePinia(pinia);
  const router = createAppRouter(createMemoryHistory());
  await router.push(options.route ?? '/painel');
  await router.isReady();
  const wrapper = mount(component, {
    attachTo: document.body,
    global: {
      plugins: [
        pinia,
        router,
        [PrimeVue, { theme: 'none', locale: localePtBr, pt: panelTitleToggle }],
        ToastService,
      ],
      directives: { tooltip: Tooltip },
    },
  });
  await flushPromises();
  return { wrapper, router, pinia };
}

/** Lets lazy routes, promises and re-renders settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Polls until `check` stops throwing (lazy views load on first visit), then returns its value. The
 * limit is generous: a lazy view's first import takes seconds on a loaded 2-core CI machine.
 */
export async function waitFor<T>(check: () => T, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await flushPromises();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
