import type { GraphQLObjectType, SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlJs } from '../graphql/graphql-js';
import { graphqlLimitRules } from '../api/plugin';
import { getSchema } from '../api/schema';
import { initialDataDocument, initialDataVariables, jsonForScriptElement } from './initial-data';

/**
 * Every field of every type the document reaches, except where a type repeats inside itself
 * (sidebar children): the inlined answers are a superset of whatever a screen's own document asks.
 */
function missingFields(type: GraphQLObjectType, selectionSet: SelectionSetNode, chain: string[]): string[] {
  const selected = new Map(
    selectionSet.selections.flatMap((selection) => (selection.kind === graphqlJs.Kind.FIELD ? [[selection.name.value, selection] as const] : [])),
  );
  return Object.values(type.getFields()).flatMap((field) => {
    const named = graphqlJs.getNamedType(field.type);
    const selection = selected.get(field.name);
    const path = `${chain.join('.')}.${field.name}`;
    if (!selection) {
      const repeats = chain.filter((name) => name === named.name).length;
      return repeats >= 2 ? [] : [path];
    }
    if (!graphqlJs.isObjectType(named) || !selection.selectionSet) return [];
    return missingFields(named, selection.selectionSet, [...chain, named.name]);
  });
}

describe('the initial data document', () => {
  const document = graphqlJs.parse(initialDataDocument());
  const operation = document.definitions.find((d) => d.kind === graphqlJs.Kind.OPERATION_DEFINITION)!;

  it('is valid against the schema, within the depth, alias and cost limits', () => {
    expect(graphqlJs.validate(getSchema(), document, [...graphqlJs.specifiedRules, ...graphqlLimitRules()])).toEqual([]);
  });

  it('selects every field of the types it reads', () => {
    const query = getSchema().getQueryType()!;
    const missing = operation.selectionSet.selections.flatMap((selection) => {
      if (selection.kind !== graphqlJs.Kind.FIELD || !selection.selectionSet) return [];
      const type = graphqlJs.getNamedType(query.getFields()[selection.name.value]!.type) as GraphQLObjectType;
      return missingFields(type, selection.selectionSet, [type.name]);
    });
    expect(missing).toEqual([]);
  });

  it('asks for what each page shows first', () => {
    expect(initialDataVariables('/')).toEqual({ productId: '', withProducts: true, withLanding: false, withFaq: false });
    expect(initialDataVariables('/product/fhp')).toEqual({ productId: 'fhp', withProducts: true, withLanding: true, withFaq: false });
    expect(initialDataVariables('/product/fhp/')).toMatchObject({ productId: 'fhp', withLanding: true });
    expect(initialDataVariables('/product/fhp/faq')).toEqual({ productId: 'fhp', withProducts: true, withLanding: false, withFaq: true });
    expect(initialDataVariables('/product/fhp/buy')).toEqual({ productId: 'fhp', withProducts: true, withLanding: false, withFaq: false });
    expect(initialDataVariables('/sign-in')).toEqual({ productId: '', withProducts: false, withLanding: false, withFaq: false });
    expect(initialDataVariables('/product/<script>')).toMatchObject({ withLanding: false });
  });

  it('writes JSON that cannot end its script element', () => {
    const text = jsonForScriptElement({ a: '</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!-- & \u2028' });
  });
});
