import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import PrimeVue from 'primevue/config';
import ToastService from 'primevue/toastservice';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, defineComponent, h } from 'vue';

import { CommandError } from '../../renderer/src/bridge';
import NotifyToast from '../../renderer/src/components/NotifyToast.vue';
import { fieldErrorsOf } from '../../renderer/src/composables/field-errors';
import { installErrorHandling } from '../../renderer/src/error-handling';
import { useNotifyStore } from '../../renderer/src/stores/notify';
import { waitFor } from './support/mount';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function mountToasts() {
  const pinia = createPinia();
  setActivePinia(pinia);
  mount(NotifyToast, {
    attachTo: document.body,
    global: { plugins: [pinia, [PrimeVue, { theme: 'none' }], ToastService] },
  });
  return useNotifyStore();
}

function toasts(): HTMLElement[] {
  return [...document.body.querySelectorAll<HTMLElement>('[data-testid="toast"]')];
}

describe('notify store', () => {
  it('shows a CommandError as an error toast with its technical detail behind "Detalhes"', async () => {
    const notify = mountToasts();
    notify.error(
      new CommandError({
        code: 'sefaz_rejeicao',
        message: 'A SEFAZ rejeitou o documento.',
        detail: 'cStat 539',
      }),
    );
    const [toast] = await waitFor(() => {
      const found = toasts();
      expect(found).toHaveLength(1);
      return found;
    });
    expect(toast.dataset.severity).toBe('error');
    expect(toast.querySelector('.notify__summary')?.textContent).toBe('A SEFAZ rejeitou o documento.');
    const details = toast.querySelector('details');
    expect(details?.querySelector('summary')?.textContent).toBe('Detalhes');
    expect(details?.querySelector('pre')?.textContent).toContain('cStat 539');
    expect(details?.querySelector('pre')?.textContent).toContain('Código: sefaz_rejeicao');
  });

  it('puts the context first when one is given, and omits Detalhes when there is nothing technical', async () => {
    const notify = mountToasts();
    notify.error(new CommandError({ code: 'internal', message: 'Falhou.' }), 'Não foi possível salvar.');
    const [toast] = await waitFor(() => {
      const found = toasts();
      expect(found).toHaveLength(1);
      return found;
    });
    expect(toast.querySelector('.notify__summary')?.textContent).toBe('Não foi possível salvar.');
    expect(toast.querySelector('.notify__detail')?.textContent).toBe('Falhou.');
    expect(toast.querySelector('details')).toBeNull();
  });
});

describe('global error handling', () => {
  it('turns an error thrown by a component into a toast instead of a blank screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const pinia = createPinia();
    setActivePinia(pinia);
    const Broken = defineComponent({
      setup() {
        return () => [
          h('button', {
            id: 'boom',
            onClick: () => {
              throw new TypeError('cannot read x of undefined');
            },
          }),
          h(NotifyToast),
        ];
      },
    });
    const root = document.createElement('div');
    document.body.appendChild(root);
    const app = createApp(Broken);
    app.use(pinia).use(PrimeVue, { theme: 'none' }).use(ToastService);
    installErrorHandling(app);
    app.mount(root);

    document.getElementById('boom')!.click();
    const [toast] = await waitFor(() => {
      const found = toasts();
      expect(found).toHaveLength(1);
      return found;
    });
    expect(toast.textContent).toContain('Ocorreu um erro inesperado na tela.');
    expect(toast.querySelector('pre')?.textContent).toContain('TypeError: cannot read x of undefined');
    expect(document.getElementById('boom')).not.toBeNull();
    app.unmount();
  });
});

describe('fieldErrorsOf', () => {
  it('maps each named field to its own problem', () => {
    const error = new CommandError({
      code: 'invalid_input',
      message: 'Dados inválidos: hosts.sandbox.api: Endereço incompleto; scopes: Obrigatório',
      fields: ['hosts.sandbox.api', 'scopes', 'hosts.producao.auth'],
    });
    expect(fieldErrorsOf(error)).toEqual({
      'hosts.sandbox.api': 'Endereço incompleto',
      scopes: 'Obrigatório',
      'hosts.producao.auth': 'Valor inválido.',
    });
  });

  it('gives nothing for errors without fields', () => {
    expect(fieldErrorsOf(new CommandError({ code: 'internal', message: 'x' }))).toEqual({});
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});
