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
const GUARDS: Record<string, Role[]> = {
  StudentOnly: ['student'],
  TutorOnly: ['tutor'],
  AdminOnly: ['admin'],
};

function stringProperty(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
  }
  return undefined;
}

/** Roles allowed by the guard wrapping a route's element (StudentOnly, RequireRole roles=…). */
function guardRoles(element: ts.Expression | undefined): Role[] | undefined {
  let node = element;
  while (node && ts.isParenthesizedExpression(node)) node = node.expression;
  if (!node || !ts.isJsxElement(node)) return undefined;
  const tag = node.openingElement.tagName.getText();
  if (GUARDS[tag]) return GUARDS[tag];
  if (tag === 'RequireRole') {
    for (const attribute of node.openingElement.attributes.properties) {
      if (!ts.isJsxAttribute(attribute) || attribute.name.getText() !== 'roles') continue;
      const roles = attribute.initializer?.getText().match(/'(student|tutor|admin)'/g) ?? [];
      return roles.map((role) => role.slice(1, -1) as Role);
    }
  }
  return undefined;
}

export function appRoutes(): AppRoute[] {
  const source = ts.createSourceFile(ROUTER_FILE, fs.readFileSync(ROUTER_FILE, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const routes: AppRoute[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const group = GROUPS[declaration.name.getText()];
      if (!group || !declaration.initializer || !ts.isArrayLiteralExpression(declaration.initializer)) continue;
      for (const entry of declaration.initializer.elements) {
        if (!ts.isObjectLiteralExpression(entry)) continue;
        const pathNode = stringProperty(entry, 'path');
        const isIndex = stringProperty(entry, 'index')?.kind === ts.SyntaxKind.TrueKeyword;
        if (!isIndex && !(pathNode && ts.isStringLiteral(pathNode))) continue;
        const segment = isIndex ? '' : (pathNode as ts.StringLiteral).text;
        const pattern = `${group.prefix}${segment}`.replace(/\/$/, '') || '/';
        const roles = guardRoles(stringProperty(entry, 'element'));
        routes.push({ pattern, visitors: roles ?? group.visitors });
      }
    }
  }
  if (routes.length < 5) throw new Error(`Only ${routes.length} routes found in ${ROUTER_FILE}: has its shape changed?`);
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
