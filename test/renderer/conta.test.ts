import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const ALFA = '12345678000195';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

function callsOf(transport: FakeTransport, channel: string) {
  return transport.calls.filter((call) => call.channel === channel);
}

function toastTexts(): string {
  return [...document.body.querySelectorAll('[data-testid="toast"]')].map((el) => el.textContent).join('\n');
}

function transportWith(): FakeTransport {
  const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: ALFA }) });
  transport.handlers['certificates:list'] = () => ({ ok: true, data: { certificates: [] } });
  transport.handlers['sefaz:status'] = (input) => ({
    ok: true,
    data: {
      kind: (input as { kind: string }).kind,
      codigoStatus: 107,
      motivoStatus: 'Serviço em Operação',
      degraded: false,
    },
  });
  return transport;
}

describe('Conta · Cotas', () => {
  const quotas = [
    { nome: 'dfe-eventos', consumo: 79, limite: 100, uso: 0.79 },
    { nome: 'cep-consultas', consumo: 800, limite: 1000, uso: 0.8 },
    { nome: 'cnpj-consultas', consumo: 1000, limite: 1000, uso: 1 },
    { nome: 'cnpj-listagem', consumo: 1200, limite: 1000, uso: 1.2 },
    { nome: 'nfse-emissoes', consumo: 3, limite: 50, uso: 0.06 },
  ];

  async function openCotas(transport = transportWith()) {
    transport.handlers['account:quotas'] = () => ({ ok: true, data: { quotas } });
    const mounted = await mountWith(App, transport, { route: '/conta' });
    await waitFor(() => expect(mounted.wrapper.findAll('[data-testid="quota"]')).toHaveLength(5));
    return { transport, ...mounted };
  }

  it('colours each bar by level: normal below 80 %, warning from 80 %, error at 100 %', async () => {
    const { wrapper } = await openCotas();
    const levels = Object.fromEntries(
      wrapper
        .findAll('[data-testid="quota"]')
        .map((card) => [card.attributes('data-quota'), card.attributes('data-level')]),
    );
    expect(levels).toEqual({
      'dfe-eventos': 'normal',
      'cep-consultas': 'warning',
      'cnpj-consultas': 'error',
      'cnpj-listagem': 'error',
      'nfse-emissoes': 'normal',
    });
    const warning = wrapper.get('[data-quota="cep-consultas"]');
    expect(warning.classes()).toContain('quota--warning');
    expect(warning.text()).toContain('Perto do limite');
    expect(wrapper.get('[data-quota="cnpj-consultas"]').text()).toContain('Limite atingido');
    expect(wrapper.get('[data-quota="dfe-eventos"]').text()).not.toMatch(/Perto do limite|Limite atingido/);
    // Past the limit the bar stays full rather than overflowing.
    const bar = wrapper.get('[data-quota="cnpj-listagem"] [role="progressbar"]');
    expect(bar.attributes('aria-valuenow')).toBe('100');
    expect(wrapper.get('[data-quota="dfe-eventos"] [role="progressbar"]').attributes('aria-valuenow')).toBe(
      '79',
    );
  });

  it('names the quotas in Portuguese, shows consumo / limite and keeps unknown names', async () => {
    const { wrapper } = await openCotas();
    const names = wrapper.findAll('.quota__name').map((el) => el.text());
    expect(names).toEqual([
      'Eventos de documentos fiscais',
      'Consultas de CEP',
      'Consultas de CNPJ',
      'Listagens de CNPJ',
      'nfse-emissoes',
    ]);
    expect(wrapper.get('[data-quota="cep-consultas"] [data-testid="quota-usage"]').text()).toBe(
      '800 / 1.000',
    );
    expect(wrapper.text()).toContain('As cotas são renovadas no dia 1º de cada mês.');
  });

  it('"Atualizar" reads the quotas again and a failure becomes a toast', async () => {
    const { transport, wrapper } = await openCotas();
    expect(callsOf(transport, 'account:quotas')).toHaveLength(1);
    transport.handlers['account:quotas'] = () => ({
      ok: false,
      error: { code: 'unauthorized', message: 'Credenciais recusadas pela Nuvem Fiscal.' },
    });
    await wrapper.get('[data-testid="quotas-refresh"]').trigger('click');
    await settle();
    expect(callsOf(transport, 'account:quotas')).toHaveLength(2);
    await waitFor(() => expect(toastTexts()).toContain('Não foi possível ler as cotas da conta.'));
    expect(toastTexts()).toContain('Credenciais recusadas pela Nuvem Fiscal.');
    // The last good numbers stay on screen.
    expect(wrapper.findAll('[data-testid="quota"]')).toHaveLength(5);
  });
});

describe('Conta · Autorizadores', () => {
  it('shows the four services (CT-e, CT-e OS, DC-e, MDF-e) of the selected company and blocks a new request for 5 minutes', async () => {
    const transport = transportWith();
    transport.handlers['sefaz:status'] = (input) => {
      const kind = (input as { kind: string }).kind;
      return {
        ok: true,
        data:
          kind === 'cteos'
            ? {
                kind,
                autorizador: 'SP',
                codigoStatus: 108,
                motivoStatus: 'Serviço Paralisado',
                degraded: true,
              }
            : {
                kind,
                autorizador: 'SP',
                codigoStatus: 107,
                motivoStatus: 'Serviço em Operação',
                degraded: false,
              },
      };
    };
    const { wrapper } = await mountWith(App, transport, { route: '/conta/autorizadores' });
    await waitFor(() => expect(wrapper.get('[data-testid="sefaz-dce"]').attributes('data-state')).toBe('ok'));
    expect(wrapper.get('[data-testid="sefaz-mdfe"]').text()).toContain('MDF-e');
    expect(wrapper.get('[data-testid="sefaz-mdfe"]').attributes('data-state')).toBe('ok');
    expect(wrapper.get('[data-testid="sefaz-cte"]').text()).toContain('Em operação');
    expect(wrapper.get('[data-testid="sefaz-cteos"]').attributes('data-state')).toBe('degraded');
    expect(wrapper.get('[data-testid="sefaz-cteos"]').text()).toContain('108 — Serviço Paralisado');
    // The banner and the tab share one round of requests.
    expect(callsOf(transport, 'sefaz:status')).toHaveLength(4);
    expect(wrapper.get('[data-testid="sefaz-refresh"]').attributes('disabled')).toBeDefined();
  });
});

describe('Conta · Certificados', { timeout: 20_000 }, () => {
  it('sends the expiry window and "incluir vencidos" and colours the days left', async () => {
    const transport = transportWith();
    transport.handlers['certificates:list'] = (input) => {
      const filter = input as { expiresInDays?: number; includeExpired?: boolean };
      const all = [
        { cpfCnpj: ALFA, nomeRazaoSocial: 'ALFA', daysLeft: 200, notAfter: '2027-01-01T00:00:00Z' },
        { cpfCnpj: '11222333000181', nomeRazaoSocial: 'BETA', daysLeft: 5, notAfter: '2026-03-10T00:00:00Z' },
        {
          cpfCnpj: '11327062000129',
          nomeRazaoSocial: 'GAMA',
          daysLeft: -3,
          notAfter: '2026-03-01T00:00:00Z',
        },
      ].filter(
        (c) =>
          (filter.includeExpired || c.daysLeft >= 0) &&
          (filter.expiresInDays === undefined || c.daysLeft <= filter.expiresInDays),
      );
      return { ok: true, data: { certificates: all } };
    };
    const { wrapper } = await mountWith(App, transport, { route: '/conta/certificados' });
    const table = await waitFor(() => {
      const found = wrapper.get('[data-testid="certificates-table"]');
      expect(found.findAll('[data-testid="certificate-days"]')).toHaveLength(2);
      return found;
    });
    const tags = () => table.findAll('[data-testid="certificate-days"]').map((tag) => tag.text());
    expect(tags()).toEqual(['5 dias restantes', '200 dias restantes']);
    expect(table.find('[data-testid="certificate-days"]').classes().join(' ')).toContain('danger');

    const windowButtons = wrapper.get('[data-testid="certificates-window"]').findAll('button');
    await windowButtons.find((button) => button.text() === '7 dias')!.trigger('click');
    await settle();
    expect(callsOf(transport, 'certificates:list').at(-1)?.input).toEqual({ expiresInDays: 7 });
    expect(tags()).toEqual(['5 dias restantes']);

    await wrapper.get('#certificates-expired').setValue(true);
    await settle();
    expect(callsOf(transport, 'certificates:list').at(-1)?.input).toEqual({
      expiresInDays: 7,
      includeExpired: true,
    });
    expect(tags()).toEqual(['Vencido há 3 dias', '5 dias restantes']);
  });
});

describe('Conta · E-mails', { timeout: 20_000 }, () => {
  function emailPage(skip: number, count: number) {
    return Array.from({ length: count }, (_, i) => ({
      id: `em_${skip + i}`,
      status: i === 0 ? 'bounced' : 'delivered',
      sentAt: '2026-03-05T13:00:00.000Z',
      to: [`cliente${skip + i}@example.com`],
      subject: `CT-e ${skip + i}`,
      events: [],
    }));
  }

  async function openEmails() {
    const transport = transportWith();
    transport.handlers['emails:list'] = (input) => {
      const { skip, top } = input as { skip: number; top: number };
      return { ok: true, data: { emails: emailPage(skip, Math.min(top, 45 - skip)), total: 45 } };
    };
    transport.handlers['emails:get'] = (input) => ({
      ok: true,
      data: {
        id: (input as { id: string }).id,
        status: 'bounced',
        sentAt: '2026-03-05T13:00:00.000Z',
        to: ['cliente0@example.com'],
        subject: 'CT-e 0',
        events: [
          {
            id: 'ev2',
            event_type: 'bounced',
            timestamp: '2026-03-05T13:05:00.000Z',
            message: 'Caixa postal cheia',
          },
          { id: 'ev1', event_type: 'sent', timestamp: '2026-03-05T13:00:00.000Z', message: null },
        ],
      },
    });
    const mounted = await mountWith(App, transport, { route: '/conta/emails' });
    await waitFor(() =>
      expect(mounted.wrapper.findAll('[data-testid="emails-table"] tbody tr')).toHaveLength(20),
    );
    return { transport, ...mounted };
  }

  it('wires the filters and the pages into emails:list', async () => {
    const { transport, wrapper } = await openEmails();
    const last = () => callsOf(transport, 'emails:list').at(-1)?.input;
    expect(last()).toEqual({ cpfCnpj: ALFA, top: 20, skip: 0 });

    await wrapper.get('[data-testid="emails-table"] .p-paginator-next').trigger('click');
    await settle();
    expect(last()).toEqual({ cpfCnpj: ALFA, top: 20, skip: 20 });

    // A filter change starts over from the first page.
    await wrapper.get('[data-testid="emails-undelivered"] input').setValue(true);
    await settle();
    expect(last()).toEqual({ cpfCnpj: ALFA, naoEntregues: true, top: 20, skip: 0 });

    const calls = callsOf(transport, 'emails:list').length;
    await wrapper.get('[data-testid="emails-address"]').setValue('  cliente3@example.com ');
    await settle();
    expect(callsOf(transport, 'emails:list')).toHaveLength(calls);
    await wrapper.get('form.emails__filters').trigger('submit');
    await settle();
    expect(last()).toEqual({
      cpfCnpj: ALFA,
      naoEntregues: true,
      email: 'cliente3@example.com',
      top: 20,
      skip: 0,
    });
  });

  it('opens the delivery history of an e-mail', async () => {
    const { transport, wrapper } = await openEmails();
    await wrapper.get('[data-testid="emails-table"] tbody tr').trigger('click');
    await settle();
    expect(callsOf(transport, 'emails:get').at(-1)?.input).toEqual({ id: 'em_0' });
    const events = await waitFor(() => {
      const list = document.body.querySelector('[data-testid="email-events"]');
      if (!list) throw new Error('no events yet');
      return [...list.querySelectorAll('li')].map((li) => li.textContent ?? '');
    });
    expect(events).toHaveLength(2);
    expect(events[0]).toContain('Enviado');
    expect(events[1]).toContain('Devolvido');
    expect(events[1]).toContain('Caixa postal cheia');
  });
});
