// The MDF-e lifecycle screen over the contract-checked fake transport: summary and timeline from
// mdfe:get, closing pre-filled with the last unloading municipality and today in Brasília behind
// the irreversible-act confirmation, the 24 h countdown and its closed state, driver inclusion,
// event downloads offered only for events that exist, and acts answered without a reload.
import { afterEach, describe, expect, it } from 'vitest';

import { buildNfeKey } from '../../electron/fiscal/access-key';
import { isoToDateBr } from '../../electron/shared/format';
import { setTransport } from '../../renderer/src/bridge';
import { brasiliaDay, formatMsLeft, mdfeTimeline } from '../../renderer/src/views/documento-mdfe/lifecycle';
import MdfeDocumentoView from '../../renderer/src/views/documento-mdfe/MdfeDocumentoView.vue';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { closingEvent, driverEvent, MDFE_COMPANY, mdfeDetailFixture } from './support/mdfe-fixtures';
import { mountWith, settle } from './support/mount';

const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

function transport(detail = mdfeDetailFixture()): FakeTransport {
  const t = createFakeTransport({ settings: settingsWith({ selectedCompany: MDFE_COMPANY }) });
  t.handlers['mdfe:get'] = () => ({ ok: true, data: detail });
  t.handlers['mdfe:open'] = () => ({
    ok: true,
    data: { items: [], outros: [], consultadoNaSefaz: true, aviso: null },
  });
  t.handlers['mdfe:close'] = () => ({
    ok: true,
    data: {
      ...mdfeDetailFixture({
        status: 'encerrado',
        events: [closingEvent],
        cancellable: false,
        msLeft: null,
        reason: 'Só é possível cancelar um MDF-e autorizado; este está "encerrado".',
      }),
      event: { status: 'registrado' },
    },
  });
  t.handlers['mdfe:includeDriver'] = () => ({
    ok: true,
    data: { ...mdfeDetailFixture({ events: [driverEvent] }), event: { status: 'registrado' } },
  });
  t.handlers['mdfe:cancel'] = () => ({
    ok: true,
    data: {
      ...mdfeDetailFixture({ status: 'cancelado', cancellable: false, msLeft: null }),
      event: { status: 'registrado' },
    },
  });
  return t;
}

async function mountDoc(t: FakeTransport) {
  const r = await mountWith(MdfeDocumentoView, t, { route: `/mdfe/${MDFE_COMPANY}/7` });
  mounted.push(r.wrapper);
  await settle();
  return r;
}
const dialog = () => document.body.querySelector('[data-testid="confirm-act"]');
const click = (id: string) =>
  document.body.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!.click();

describe('MDF-e lifecycle screen', () => {
  it('helpers: the countdown, today in Brasília, the timeline in words', () => {
    expect(formatMsLeft(5 * 3_600_000 + 20 * 60_000)).toBe('5 horas e 20 minutos');
    expect(formatMsLeft(61_000)).toBe('0 horas e 1 minuto');
    expect(formatMsLeft(0)).toBe('prazo encerrado');
    // 01:30 UTC on the 26th is still the 25th in Brasília (UTC−3).
    expect(brasiliaDay(new Date('2026-11-26T01:30:00Z'))).toBe('2026-11-25');
    expect(brasiliaDay(new Date('2026-11-26T03:30:00Z'))).toBe('2026-11-26');
    const lines = mdfeTimeline(
      mdfeDetailFixture({ status: 'encerrado', events: [closingEvent, driverEvent] }),
    ).map((l) => [l.when, l.text, l.tone]);
    expect(lines).toEqual([
      ['2026-11-25T08:00:00-03:00', 'Emitido e enviado à SEFAZ', 'info'],
      ['2026-11-25T08:00:04-03:00', 'Autorizado (protocolo 941260000000007)', 'success'],
      [
        '2026-11-25T14:00:00-03:00',
        'Inclusão de condutor — MARIA SOUZA (CPF 111.444.777-35) (protocolo 941260000000030)',
        'info',
      ],
      [
        '2026-11-26T09:00:00-03:00',
        'Encerrado em Curitiba/PR com data de 26/11/2026 (protocolo 941260000000031)',
        'success',
      ],
    ]);
    const refused = mdfeTimeline(
      mdfeDetailFixture({
        events: [{ ...closingEvent, status: 'rejeitado', motivo: '615 Rejeição: data anterior' }],
      }),
    ).at(-1)!;
    expect(refused).toMatchObject({ text: 'Encerramento recusado pela SEFAZ: 615 Rejeição: data anterior' });
  });

  it('shows the trip and closes at the last unloading municipality only after confirming', async () => {
    const t = transport();
    const { wrapper } = await mountDoc(t);
    expect(wrapper.get('[data-testid="mdfe-status"]').text()).toBe('Autorizado (em aberto)');
    expect(wrapper.get('[data-testid="mdfe-veiculo"]').text()).toBe('TRK1A23 + reboque REB1A23');
    expect(wrapper.get('[data-testid="mdfe-condutores"]').text()).toContain('JOSE DA SILVA (529.982.247-25)');
    expect(wrapper.get('[data-testid="mdfe-resumo"]').text()).toContain('Londrina/PR, Curitiba/PR');
    expect(wrapper.get('[data-testid="mdfe-documentos"]').findAll('li')).toHaveLength(2);
    expect(wrapper.get('[data-testid="mdfe-timeline"]').text()).toContain(
      'Autorizado (protocolo 941260000000007)',
    );
    // No event yet: only the DAMDFE and the manifest's XML.
    expect(wrapper.find('[data-testid="mdfe-pdf"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="mdfe-evento-pdf-encerramento"]').exists()).toBe(false);

    const municipio = wrapper.get<HTMLInputElement>('[data-testid="encerrar-municipio"]');
    expect(municipio.element.value).toBe('Curitiba');
    // Typed and shown as dd/mm/aaaa, whatever the browser's locale (DateInput).
    const data = wrapper.get<HTMLInputElement>('[data-testid="encerrar-data"]');
    expect(data.element.value).toBe(isoToDateBr(brasiliaDay(new Date())));
    await data.setValue('26/11/2026');
    await wrapper.get('[data-testid="encerrar"]').trigger('click');
    await settle();
    expect(t.calls.some((c) => c.channel === 'mdfe:close')).toBe(false);
    expect(dialog()!.textContent).toContain('Encerrar este MDF-e?');
    expect(dialog()!.textContent).toContain('O MDF-e nº 7, série 1 (placa TRK1A23), vai ser encerrado');
    expect(dialog()!.textContent).toContain('Curitiba/PR');
    expect(dialog()!.textContent).toContain('26/11/2026');
    expect(dialog()!.textContent).toContain('O encerramento não pode ser desfeito');
    click('confirm-act-back');
    await settle();
    expect(t.calls.some((c) => c.channel === 'mdfe:close')).toBe(false);
    await wrapper.get('[data-testid="encerrar"]').trigger('click');
    await settle();
    click('confirm-act-yes');
    await settle();
    expect(t.calls.find((c) => c.channel === 'mdfe:close')?.input).toEqual({
      id: 7,
      uf: 'PR',
      codigoMunicipio: '4106902',
      data: '2026-11-26',
    });
    // The answer carries the closed manifest and its event: no reload, no sync.
    expect(t.calls.filter((c) => c.channel === 'mdfe:get')).toHaveLength(1);
    expect(t.calls.some((c) => c.channel === 'mdfe:sync')).toBe(false);
    expect(wrapper.get('[data-testid="mdfe-status"]').text()).toBe('Encerrado');
    expect(wrapper.get('[data-testid="mdfe-timeline"]').text()).toContain('Encerrado em Curitiba/PR');
    expect(wrapper.find('[data-testid="mdfe-evento-pdf-encerramento"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="encerrar-panel"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="cancelar-panel"]').text()).toContain('encerrado');
  });

  it('refuses a closing date in the future or before the authorization, without asking or sending', async () => {
    const t = transport();
    const { wrapper } = await mountDoc(t);
    const data = wrapper.get<HTMLInputElement>('[data-testid="encerrar-data"]');
    const tomorrow = isoToDateBr(brasiliaDay(new Date(Date.now() + 86_400_000)));
    await data.setValue(tomorrow);
    await wrapper.get('[data-testid="encerrar"]').trigger('click');
    await settle();
    expect(wrapper.get('[data-testid="encerrar-erro"]').text()).toContain(
      'A data de encerramento não pode ser futura',
    );
    expect(dialog()).toBeNull();
    // The fixture's manifest was authorized on 25/11/2026.
    await data.setValue('24/11/2026');
    await wrapper.get('[data-testid="encerrar"]').trigger('click');
    await settle();
    expect(wrapper.get('[data-testid="encerrar-erro"]').text()).toBe(
      'A data de encerramento não pode ser anterior à autorização do MDF-e (25/11/2026).',
    );
    expect(dialog()).toBeNull();
    expect(t.calls.some((c) => c.channel === 'mdfe:close')).toBe(false);
  });

  it('counts down the 24 h and cancels only after confirming', async () => {
    const t = transport();
    const { wrapper } = await mountDoc(t);
    expect(wrapper.get('[data-testid="cancelar-prazo"]').text()).toContain('5 horas e 20 minutos');
    const area = wrapper.get('[data-testid="cancelar-justificativa"]');
    await area.setValue('Erro na placa');
    await settle();
    expect(wrapper.get('[data-testid="cancelar-contador"]').text()).toContain('faltam 2 para o mínimo de 15');
    expect(wrapper.get('[data-testid="cancelar"]').attributes('disabled')).toBeDefined();
    await area.setValue('Erro na placa do caminhao');
    await settle();
    await wrapper.get('[data-testid="cancelar"]').trigger('click');
    await settle();
    expect(dialog()!.textContent).toContain('O cancelamento não pode ser desfeito');
    expect(t.calls.some((c) => c.channel === 'mdfe:cancel')).toBe(false);
    click('confirm-act-yes');
    await settle();
    expect(t.calls.find((c) => c.channel === 'mdfe:cancel')?.input).toEqual({
      id: 7,
      justificativa: 'Erro na placa do caminhao',
    });
    expect(wrapper.get('[data-testid="mdfe-status"]').text()).toBe('Cancelado');
  });

  it('says why cancelling is over after 24 h and offers no button', async () => {
    const reason =
      'O prazo de cancelamento do MDF-e (24 horas após a autorização) terminou. Encerre o MDF-e em vez de cancelá-lo.';
    const { wrapper } = await mountDoc(
      transport(mdfeDetailFixture({ cancellable: false, msLeft: 0, reason })),
    );
    expect(wrapper.get('[data-testid="cancelar-fechado"]').text()).toBe(reason);
    expect(wrapper.find('[data-testid="cancelar"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="encerrar-panel"]').exists()).toBe(true);
  });

  it('includes a driver and shows the answer', async () => {
    const t = transport();
    const { wrapper } = await mountDoc(t);
    await wrapper.get('[data-testid="condutor-nome"]').setValue('MARIA SOUZA');
    await wrapper.get('[data-testid="condutor-cpf"]').setValue('111.444.777-35');
    await wrapper.get('[data-testid="incluir-condutor"]').trigger('click');
    await settle();
    expect(t.calls.find((c) => c.channel === 'mdfe:includeDriver')?.input).toEqual({
      id: 7,
      nome: 'MARIA SOUZA',
      cpf: '111.444.777-35',
    });
    expect(wrapper.get('[data-testid="mdfe-timeline"]').text()).toContain(
      'Inclusão de condutor — MARIA SOUZA',
    );
    expect(wrapper.find('[data-testid="mdfe-evento-xml-inclusao_condutor"]').exists()).toBe(true);
  });

  it('e-mails the MDF-e through its own commands (DAMDFE + XML)', async () => {
    const t = transport();
    t.handlers['mdfe:mailCompose'] = () => ({
      ok: true,
      data: {
        configured: true,
        label: 'MDF-e 1/7',
        to: [],
        cc: [],
        bcc: [],
        suggestions: [],
        subject: 'MDF-e nº 7 série 1',
        body: 'Segue o DAMDFE.',
        attachments: ['x.pdf', 'x-procMDFe.xml'],
      },
    });
    t.handlers['mdfe:mailLog'] = () => ({ ok: true, data: { items: [] } });
    const { wrapper } = await mountDoc(t);
    await wrapper.get('[data-testid="mdfe-email"]').trigger('click');
    await settle();
    expect(t.calls.find((c) => c.channel === 'mdfe:mailCompose')?.input).toEqual({ id: 7 });
    expect(t.calls.some((c) => c.channel === 'mail:compose')).toBe(false);
    expect(document.body.querySelector('[data-testid="email-dialog"]')!.textContent).toContain(
      'Enviar por e-mail — MDF-e 1/7',
    );
  });

  it('includes NF-e loaded later at the trip’s loading and last unloading municipalities', async () => {
    const t = transport();
    const chave = buildNfeKey({
      cUF: 35,
      year: 2026,
      month: 11,
      cnpj: '11222333000181',
      serie: 1,
      numero: 55,
      tpEmis: 1,
      codigo: 12345678,
    })!;
    t.handlers['mdfe:includeDfe'] = () => ({
      ok: true,
      data: {
        ...mdfeDetailFixture({
          events: [
            {
              ...driverEvent,
              id: 32,
              type: 'inclusao_dfe',
              descricao: `1 NF-e, carregamento em São Paulo: ${chave}`,
            },
          ],
        }),
        event: { status: 'registrado' },
      },
    });
    const { wrapper } = await mountDoc(t);
    expect(wrapper.get<HTMLInputElement>('[data-testid="dfe-carrega"]').element.value).toBe('São Paulo');
    expect(wrapper.get<HTMLInputElement>('[data-testid="dfe-descarga"]').element.value).toBe('Curitiba');
    expect(wrapper.get('[data-testid="dfe-panel"]').text()).toContain(
      'não foi emitido com carregamento posterior',
    );
    await wrapper.get('[data-testid="dfe-chaves"]').setValue(`${chave}\n`);
    await wrapper.get('[data-testid="incluir-dfe"]').trigger('click');
    await settle();
    expect(t.calls.find((c) => c.channel === 'mdfe:includeDfe')?.input).toEqual({
      id: 7,
      carregamento: { codigo: '3550308', nome: 'São Paulo' },
      documentos: [{ codigoMunicipio: '4106902', municipio: 'Curitiba', chave }],
    });
    expect(wrapper.get('[data-testid="mdfe-timeline"]').text()).toContain('Inclusão de NF-e (DF-e) — 1 NF-e');
  });
});
