import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';

type Channels = 'print:preview' | 'print:print' | 'print:pdf' | 'print:batch' | 'print:printers';

export function printingCommands(ctx: AppContext): Pick<CommandTable, Channels> {
  return {
    'print:preview': ({ id, eventId }) => ctx.printing.preview(id, eventId),
    'print:print': ({ id, eventId, printer, remember }) => ctx.printing.print(id, eventId, printer, remember),
    'print:pdf': ({ id, eventId }) => ctx.printing.pdf(id, eventId),
    'print:batch': (input) => ctx.printing.batch(input),
    'print:printers': () => ctx.printing.printers(),
  };
}
