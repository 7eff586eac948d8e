// zod's own messages — a field missing, a value of the wrong type, an option outside the list — in
// Brazilian Portuguese: they reach the clerk through the command edge ("Dados inválidos: …") and the
// forms, where every message is Portuguese. The schemas' own messages are written in Portuguese
// already; this covers the ones zod writes itself. Imported for its effect by the command contract
// (every process that validates a command) and by the renderer's entry.
import { z } from 'zod';

z.config(z.locales.ptBR());
