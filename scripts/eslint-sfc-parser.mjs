// The script parser for the SFCs' type-aware lint (issue 27): one TypeScript program for all of them.
//
// vue-eslint-parser hands typescript-eslint each SFC's script, not the file on disk. Through the
// project service every SFC then changes the project, and TypeScript builds a program and a type
// checker again for each one: 558 of the lint's 807 CPU seconds went to the 155 SFCs, 3.6 s each.
//
// Here the program is built once, from the same tsconfig, with every SFC's file holding the very
// script vue-eslint-parser hands over (found by running vue-eslint-parser over the file with a
// parser that records it), and typescript-eslint receives that program (`programs`). A script the
// program does not hold word for word (a file changed on disk after the program was built, an
// editor's unsaved buffer) goes the usual way, through the project service: slower, never wrong.
import fs from 'node:fs';
import path from 'node:path';

import tseslint from 'typescript-eslint';
import ts from 'typescript';
import * as vueParser from 'vue-eslint-parser';

const tsParser = tseslint.parser;
const VUE = [{ extension: '.vue', isMixedContent: true, scriptKind: ts.ScriptKind.Deferred }];
/** One program per tsconfig. */
const programs = new Map();

const withoutProject = (options) => ({ ...options, project: undefined, projectService: undefined });
/** The tsconfig that governs each folder (null: none), as the project service finds it. */
const configOfFolder = new Map();

/** Stops vue-eslint-parser once the script it hands over is known: nothing after it is needed. */
const RECORDED = Symbol('recorded');

/** The script vue-eslint-parser hands the type-aware parser for this SFC (null: none). */
function scriptOf(file) {
  let script = null;
  const recorder = {
    parseForESLint(code, options) {
      // Template expressions and generics are parsed without a project; the script with one.
      if (!options.projectService) return tsParser.parseForESLint(code, options);
      script = code;
      throw RECORDED;
    },
  };
  try {
    vueParser.parseForESLint(fs.readFileSync(file, 'utf8'), {
      filePath: file,
      ecmaVersion: 'latest',
      sourceType: 'module',
      parser: recorder,
      projectService: true,
    });
  } catch (error) {
    // Anything else is a broken SFC: ESLint reports it when it gets there, through the usual path.
    if (error !== RECORDED) return null;
  }
  return script;
}

function programFor(tsconfig) {
  let program = programs.get(tsconfig);
  if (program) return program;
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
    undefined,
    undefined,
    VUE,
  );
  if (!config) throw new Error(`tsconfig ilegível: ${tsconfig}`);
  const scripts = new Map();
  for (const file of config.fileNames) {
    if (!file.endsWith('.vue')) continue;
    const script = scriptOf(file);
    if (script !== null) scripts.set(path.resolve(file), script);
  }
  // The project service lets in files of other extensions the same way (an internal option).
  const options = { ...config.options, allowNonTsExtensions: true };
  const host = ts.createCompilerHost(options, true);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) => {
    const script = scripts.get(path.resolve(fileName));
    if (script === undefined) return readSource(fileName, language, ...rest);
    return ts.createSourceFile(fileName, script, language, true, ts.ScriptKind.TS);
  };
  program = ts.createProgram({ rootNames: config.fileNames, options, host });
  programs.set(tsconfig, program);
  return program;
}

export const meta = { name: 'carreta-sfc-parser', version: '1.0.0' };

export function parseForESLint(code, options = {}) {
  const file = options.filePath;
  if (!options.projectService || !file || !file.endsWith('.vue'))
    return tsParser.parseForESLint(code, options);
  const folder = path.dirname(file);
  if (!configOfFolder.has(folder)) {
    const found = ts.findConfigFile(folder, ts.sys.fileExists);
    configOfFolder.set(folder, found ? path.resolve(found) : null);
  }
  const tsconfig = configOfFolder.get(folder);
  const program = tsconfig ? programFor(tsconfig) : null;
  if (program?.getSourceFile(file)?.text !== code) return tsParser.parseForESLint(code, options);
  return tsParser.parseForESLint(code, { ...withoutProject(options), programs: [program] });
}
