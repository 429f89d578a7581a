import type { ESLint, Rule } from 'eslint';

export declare const noCycle: Rule.RuleModule;
declare const plugin: ESLint.Plugin & { rules: { 'no-cycle': Rule.RuleModule } };
export default plugin;
