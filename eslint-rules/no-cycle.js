// import-x/no-cycle, with type-only imports counted (docs/decisions/046-no-hidden-state.md).
// import-x skips `import type` and `export type … from` when it walks the graph, so a cycle made of
// types alone (a feature naming the app's dependencies, the app's dependencies naming the feature's
// ports) went unseen: the modules still cannot be read, or moved, one without the other. This is
// the same walk over import-x's own map of each module's imports, without that exception.
import { ExportMap } from 'eslint-plugin-import-x/utils/export-map.js';
import { moduleVisitor } from 'eslint-plugin-import-x/utils/module-visitor.js';

const routeText = (route) => route.map((source) => `${source.value}:${source.loc.start.line}`).join('=>');

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a module from importing a module with an import path back to itself, type-only imports included.' },
    schema: [],
    messages: {
      cycle: 'Import cycle (type-only imports count)',
      cycleSource: 'Import cycle via "{{source}}" (type-only imports count)',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    // Each module is walked once per file: a module already walked from an earlier import led back
    // to this file then, or it does not now either.
    const traversed = new Set();
    const visitor = moduleVisitor((sourceNode, importer) => {
      const imported = ExportMap.get(sourceNode.value, context);
      if (imported == null || imported.path === filename) return;
      // Breadth first: the first route found is a shortest one.
      const untraversed = [{ get: () => imported, route: [] }];
      while (untraversed.length > 0) {
        const { get, route } = untraversed.shift();
        const module = get();
        if (module == null || traversed.has(module.path)) continue;
        traversed.add(module.path);
        for (const [path, { getter, declarations }] of module.imports) {
          if (path === filename) {
            if (route.length > 0) context.report({ node: importer, messageId: 'cycleSource', data: { source: routeText(route) } });
            else context.report({ node: importer, messageId: 'cycle' });
            return;
          }
          if (traversed.has(path)) continue;
          for (const { source } of declarations) untraversed.push({ get: getter, route: [...route, source] });
        }
      }
    });
    return { ...visitor, 'Program:exit'() { traversed.clear(); } };
  },
};

export default { rules: { 'no-cycle': noCycle } };
