import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { monthLabel, shiftMonth } from '../../renderer/src/views/painel/use-dashboard';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

function dashboardTransport() {
  const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  // The first month asked (the current one) has documents; any other is empty.
  let firstMonth: string | null = null;
  transport.handlers['documents:dashboard'] = (input) => {
    const month = (input as { month: string }).month;
    firstMonth ??= month;
    const empty = month !== firstMonth;
    return {
      ok: true,
      data: empty
        ? {
            month,
            byStatus: [],
            count: 0,
            valorPrestacao: 0,
            valorIcms: 0,
            valorDeclarado: 0,
            topTomadores: [],
            lastSync: null,
          }
        : {
            month,
            byStatus: [
              { status: 'autorizado', count: 7 },
              { status: 'cancelado', count: 2 },
              { status: 'rejeitado', count: 1 },
            ],
            count: 10,
            valorPrestacao: 45678.9,
            valorIcms: 5481.47,
            valorDeclarado: 12000,
            topTomadores: [
              { doc: '04252011000110', nome: 'Mercearia Boa Vista', count: 6, valorPrestacao: 30000 },
              { doc: null, nome: null, count: 4, valorPrestacao: 15678.9 },
            ],
            lastSync: '2026-11-21T13:00:00Z',
            mdfe: { count: 3, abertos: 1 },
          },
    };
  };
  return transport;
}

describe('Painel', { timeout: 20_000 }, () => {
  it('shows the month by status, freight, ICMS and the main tomadores of the selected company', async () => {
    const transport = dashboardTransport();
    const { wrapper } = await mountWith(App, transport, { route: '/painel' });
    await settle();
    await waitFor(() => expect(wrapper.get('[data-testid="kpi-count"]').text()).toBe('10'));
    expect(transport.calls.find((c) => c.channel === 'documents:dashboard')!.input).toMatchObject({
      company,
    });
    expect(wrapper.get('[data-testid="kpi-frete"]').text()).toMatch(/R\$\s45\.678,90/);
    expect(wrapper.get('[data-testid="kpi-icms"]').text()).toMatch(/R\$\s5\.481,47/);
    // The DC-e's goods value is shown apart, never as freight.
    expect(wrapper.get('[data-testid="kpi-declarado"]').text()).toMatch(
      /^DC-e: R\$\s12\.000,00 em mercadorias declaradas \(não é frete\)$/,
    );
    // The month's MDF-e apart from the freight, the open one linked to "MDF-e em aberto".
    expect(wrapper.get('[data-testid="kpi-mdfe-count"]').text()).toBe('3');
    const abertos = wrapper.get('[data-testid="kpi-mdfe-abertos"] a');
    expect(abertos.text()).toBe('1 em aberto agora — encerrar');
    expect(abertos.attributes('href')).toBe('/mdfe-abertos');
    expect(wrapper.get('[data-testid="status-autorizado"]').text()).toBe('Autorizado 7');
    expect(wrapper.get('[data-testid="status-cancelado"]').text()).toBe('Cancelado 2');
    // One arc per status with documents.
    expect(wrapper.findAll('[data-testid="painel-status"] svg circle[stroke-dasharray]')).toHaveLength(3);
    const tomadores = wrapper.get('[data-testid="painel-tomadores"]').text();
    expect(tomadores).toContain('Mercearia Boa Vista');
    expect(tomadores).toMatch(/R\$\s30\.000,00/);
    expect(tomadores).toContain('6 documentos — 04.252.011/0001-10');
    expect(tomadores).toContain('Sem tomador');
    // The certificate card and the app info stay.
    expect(wrapper.find('[data-testid="certificate-card"]').exists()).toBe(true);
    expect(wrapper.get('[data-testid="painel-version"]').text()).toBe('9.8.7');
    expect(wrapper.find('[data-testid="painel-backup-reminder"]').exists()).toBe(false);
  });

  it('reminds of the weekly backup when it is due', async () => {
    const transport = dashboardTransport();
    transport.handlers['backup:status'] = () => ({
      ok: true,
      data: { lastBackupAt: null, reminderDue: true, degraded: false, cacheError: null },
    });
    const { wrapper } = await mountWith(App, transport, { route: '/painel' });
    await settle();
    expect(wrapper.get('[data-testid="painel-backup-reminder"]').text()).toContain('mais de uma semana');
  });

  it('goes back a month and says when it had no documents', async () => {
    const transport = dashboardTransport();
    const { wrapper } = await mountWith(App, transport, { route: '/painel' });
    await settle();
    await wrapper.get('[aria-label="Mês anterior"]').trigger('click');
    await settle();
    const months = transport.calls.filter((c) => c.channel === 'documents:dashboard').map((c) => c.input);
    const first = (months[0] as { month: string }).month;
    expect(months.at(-1)).toMatchObject({ month: shiftMonth(first, -1) });
    expect(wrapper.get('[data-testid="painel-status"]').text()).toContain(
      'Nenhum documento emitido neste mês.',
    );
    expect(wrapper.get('[data-testid="painel-month"]').text()).toContain(monthLabel(shiftMonth(first, -1)));
  });

  it('asks for a company when none is selected', async () => {
    const transport = createFakeTransport();
    const { wrapper } = await mountWith(App, transport, { route: '/painel' });
    await settle();
    expect(wrapper.text()).toContain('Selecione uma empresa no topo da tela para ver o resumo do mês.');
    expect(transport.calls.some((c) => c.channel === 'documents:dashboard')).toBe(false);
  });
});

describe('month helpers', () => {
  it('crosses years and names the month in Portuguese', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(monthLabel('2026-03')).toBe('Março de 2026');
  });
});
