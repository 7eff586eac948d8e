// The outbox: every send committed before its POST, listed for the clerk, and resolved (found by
// `referencia` or synchronized) when a crash or a timeout left it open.
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import type { Issuing } from '../issuing';
import { reviewHeld } from '../issuing/held-review';
import type { OutboxEntry } from '../../cache/repositories';

/** What both outbox listings show of a send (the variant, e.g. cte-simp, names its kind). */
const outboxItem = (row: OutboxEntry & { variant: string | null }) => ({
  id: row.id,
  referencia: row.referencia,
  kind: row.variant ?? row.kind,
  company: row.company,
  serie: row.serie,
  numero: row.numero,
  state: row.state,
  lastError: row.lastError,
  createdAt: row.createdAt,
});

export function outboxCommands(
  ctx: AppContext,
  issuing: Issuing,
): Pick<CommandTable, 'outbox:list' | 'outbox:resolve' | 'outbox:held' | 'outbox:review'> {
  return {
    'outbox:list': async ({ company, openOnly }) => {
      const rows = await ctx.cache.require().outbox.recent({
        environment: ctx.host.settings.get().environment,
        company,
        openOnly,
      });
      return {
        items: rows.map((row) => ({
          ...outboxItem(row),
          attempts: row.attempts,
          apiId: row.apiId,
        })),
      };
    },
    'outbox:resolve': async ({ company }) => ({ items: await issuing.sender.resolveOpen(company) }),
    // A restored backup's open sends, every environment: nothing of them is sent by itself.
    'outbox:held': async () => {
      // Without a cache (degraded start) nothing is held: the screen that offers restore stays quiet.
      const rows = (await ctx.cache.repos?.outbox.held()) ?? [];
      return {
        items: rows.map((row) => ({
          ...outboxItem(row),
          environment: row.environment,
          heldAt: row.heldAt ?? '',
        })),
      };
    },
    'outbox:review': ({ id, action }) =>
      reviewHeld(
        {
          repos: () => ctx.cache.require(),
          api: () => ctx.api.client(),
          sender: issuing.sender,
          numbering: issuing.numbering,
        },
        id,
        action,
      ),
  };
}
