// The app's routes, read from web/src/app/router.tsx with the TypeScript parser (the router
// itself cannot be imported here: it pulls in the whole web app, CSS and images included).
// Browser suites that check every page (a11y, phone) iterate this list, so a page added to the
// router is checked without touching the tests.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Role } from '#contract/common.ts';

export type Visitor = 'signed-out' | Role;

export interface AppRoute {
  /** The path pattern, e.g. `/dashboard/session/:email/:id`. */
  pattern: string;
  /** Who may see this page (others are redirected). */
  visitors: Visitor[];
}

const ROUTER_FILE = path.resolve('web/src/app/router.tsx');
const ROLES: Role[] = ['student', 'tutor', 'admin'];
const GROUPS: Record<string, { prefix: string; visitors: Visitor[] }> = {
  publicRoutes: { prefix: '/', visitors: ['signed-out', ...ROLES] },
  authRoutes: { prefix: '/', visitors: ['signed-out'] },
  signedInRoutes: { prefix: '/', visitors: ROLES },
  dashboardRoutes: { prefix: '/dashboard/', visitors: ROLES },
};

function stringProperty(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
  }
  return undefined;
}

/** Roles a group's guard lets in (`requireRole('tutor', 'admin')`, app/guards/guards.ts), else undefined. */
function guardRoles(loader: ts.Expression | undefined): Role[] | undefined {
  if (!loader || !ts.isCallExpression(loader) || loader.expression.getText() !== 'requireRole') return undefined;
  return loader.arguments.flatMap((argument) => (ts.isStringLiteral(argument) && ROLES.includes(argument.text as Role) ? [argument.text as Role] : []));
}

export function appRoutes(): AppRoute[] {
  const source = ts.createSourceFile(ROUTER_FILE, fs.readFileSync(ROUTER_FILE, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const routes: AppRoute[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const group = GROUPS[declaration.name.getText()];
      if (!group || !declaration.initializer || !ts.isArrayLiteralExpression(declaration.initializer)) continue;
      const visit = (entries: ts.NodeArray<ts.Expression>, visitors: Visitor[]) => {
        for (const entry of entries) {
          // `guarded(requireRole('tutor'), [...pages])` (router.tsx): its pages, seen by the roles it lets in.
          if (ts.isCallExpression(entry) && entry.expression.getText() === 'guarded') {
            const [guard, pages] = entry.arguments;
            if (pages && ts.isArrayLiteralExpression(pages)) visit(pages.elements, guardRoles(guard) ?? visitors);
            continue;
          }
          if (!ts.isObjectLiteralExpression(entry)) continue;
          // A group of pages behind one guard: its children, seen by the roles it lets in.
          const children = stringProperty(entry, 'children');
          if (children && ts.isArrayLiteralExpression(children)) {
            visit(children.elements, guardRoles(stringProperty(entry, 'loader')) ?? visitors);
            continue;
          }
          const pathNode = stringProperty(entry, 'path');
          const isIndex = stringProperty(entry, 'index')?.kind === ts.SyntaxKind.TrueKeyword;
          if (!isIndex && !(pathNode && ts.isStringLiteral(pathNode))) continue;
          const segment = isIndex ? '' : (pathNode as ts.StringLiteral).text;
          const pattern = `${group.prefix}${segment}`.replace(/\/$/, '') || '/';
          routes.push({ pattern, visitors });
        }
      };
      visit(declaration.initializer.elements, group.visitors);
    }
  }
  if (routes.length < 5) throw new Error(`Only ${routes.length} routes found in ${ROUTER_FILE}: has its shape changed?`);
  if (!routes.some((route) => route.visitors.length === 1)) throw new Error(`No page of one role found in ${ROUTER_FILE}: has the shape of its guards changed?`);
  return routes;
}

/** Fills `:param`s from `values` (by the segment before an `:id`, e.g. note → values.note). */
export function fillPattern(pattern: string, values: Record<string, string | undefined>): string | undefined {
  const segments = pattern.split('/');
  const filled: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (!segment.startsWith(':')) {
      filled.push(segment);
      continue;
    }
    const name = segment.slice(1);
    // `:id` is named by the nearest word before it that we have a value for (note/edit/:id → note).
    const owner = segments
      .slice(0, i)
      .reverse()
      .find((s) => !s.startsWith(':') && values[s] !== undefined);
    const value = values[name] ?? (owner ? values[owner] : undefined) ?? values.session;
    if (value === undefined) return undefined;
    filled.push(encodeURIComponent(value));
  }
  return filled.join('/');
}
