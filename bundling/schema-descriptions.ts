import ts from 'typescript'
import type { Plugin } from 'vite'

/** The contract's modules: the schemas both the API and the app are built from. */
const contractModule = /[\\/]src[\\/]api[\\/]contract[\\/][^\\/]+\.ts$/

/**
 * The contract's schemas carry their descriptions for the API's documents (`described(schema, '…')`, read into
 * openapi.json); the app parses answers with the same schemas and never shows those words. In the browser's build
 * each description is left out, so what a page loads is code, not the API's documentation (several hundred bytes
 * on the home route alone). The calls are found in the module's syntax tree, never by pattern: only a literal or
 * template second argument of `described` is emptied, and everything else reaches the bundle as written.
 */
export function leaveOutSchemaDescriptions(): Plugin {
  return {
    name: 'credence-leave-out-schema-descriptions',
    apply: 'build',
    transform(code, id) {
      if (!contractModule.test(id) || !code.includes('described(')) return null
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
      const descriptions: { start: number; end: number }[] = []
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'described' && node.arguments.length === 2) {
          const text = node.arguments[1]
          // A template's too (`left out, ${defaultShortlistSize}, …`): its values only ever fill in the words.
          if (ts.isStringLiteral(text) || ts.isNoSubstitutionTemplateLiteral(text) || ts.isTemplateExpression(text)) descriptions.push({ start: text.getStart(source), end: text.end })
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
      if (descriptions.length === 0) return null
      let out = code
      // From the last to the first, so each cut leaves the positions before it as they were (calls nest).
      for (const { start, end } of descriptions.sort((a, b) => b.start - a.start)) out = `${out.slice(0, start)}''${out.slice(end)}`
      return { code: out, map: null }
    },
  }
}
