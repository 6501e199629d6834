import {
  AliasNode,
  BinaryOperationNode,
  ColumnNode,
  type DeleteQueryNode,
  IdentifierNode,
  type InsertQueryNode,
  JoinNode,
  type KyselyPlugin,
  type OnConflictNode,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryId,
  QueryNode,
  type QueryResult,
  ReferenceNode,
  type RootOperationNode,
  SelectionNode,
  SelectQueryNode,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
} from 'kysely';

const TENANT_COLUMN = 'tenant_id';

/** Raised when a query would set or change the tenant column itself: only the tenant scope does that. */
export class TenantColumnWritten extends Error {
  constructor(table: string) {
    super(`${table}.${TENANT_COLUMN} is set by the tenant scope; a query may not write it`);
  }
}

/** The table a FROM / JOIN / UPDATE item names, and the name its columns are referenced by (alias or table). */
function tableOf(node: OperationNode): { table: string; ref: string } | undefined {
  if (TableNode.is(node)) {
    const name = node.table.identifier.name;
    return { table: name, ref: name };
  }
  if (AliasNode.is(node) && TableNode.is(node.node) && IdentifierNode.is(node.alias)) {
    return { table: node.node.table.identifier.name, ref: node.alias.name };
  }
  return undefined;
}

/**
 * Rewrites every query of a Kysely instance so that it only ever sees and writes one tenant's rows:
 *
 * - each tenant-owned table in a FROM (selects, UPDATE ... FROM, DELETE ... USING) adds `<ref>.tenant_id = ?` to the
 *   statement's WHERE, each joined one adds it to the join's ON (so a LEFT JOIN stays a left join);
 * - the table an UPDATE or DELETE changes gets the same condition;
 * - an INSERT into a tenant-owned table gets the `tenant_id` column and the tenant as its value on every row (an
 *   INSERT ... SELECT gets it as one more selected value; the select itself is scoped like any other), and an ON
 *   CONFLICT target gets the column first, as the table's unique indexes have it;
 * - subqueries, CTEs and unions are rewritten the same way, wherever they sit.
 *
 * Writing the tenant column by hand (insert or update) is refused: the scope owns it. Raw SQL fragments are not
 * parsed; the tenancy lint keeps `tenant_id` out of module code, so raw SQL cannot name the column either.
 * See docs/tenancy-and-permissions.md.
 */
export class TenantScopePlugin implements KyselyPlugin {
  readonly #transformer: TenantScopeTransformer;
  /**
   * The tenant bound to every statement: its id, or (for statements compiled once for all tenants, see
   * `tenant-prepared.ts`) the marker of a parameter filled in with the caller's tenant at run time.
   */
  readonly tenant: number | string;

  constructor(tenant: number | string, tenantTables: ReadonlySet<string>) {
    this.tenant = tenant;
    this.#transformer = new TenantScopeTransformer(tenant, tenantTables);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class TenantScopeTransformer extends OperationNodeTransformer {
  readonly #tenantId: number | string;
  readonly #tables: ReadonlySet<string>;

  constructor(tenantId: number | string, tables: ReadonlySet<string>) {
    super();
    this.#tenantId = tenantId;
    this.#tables = tables;
  }

  #condition(ref: string): OperationNode {
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(TENANT_COLUMN), TableNode.create(ref)),
      OperatorNode.create('='),
      ValueNode.create(this.#tenantId),
    );
  }

  /** Adds the tenant condition of every tenant-owned table among `items` to the WHERE of `node`. */
  #scopeItems<T extends SelectQueryNode | UpdateQueryNode | DeleteQueryNode>(
    node: T,
    items: readonly OperationNode[],
  ): T {
    let out = node;
    for (const item of items) {
      const t = tableOf(item);
      if (t && this.#tables.has(t.table)) out = QueryNode.cloneWithWhere(out, this.#condition(t.ref)) as T;
    }
    return out;
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const out = super.transformSelectQuery(node, queryId);
    return this.#scopeItems(out, out.from?.froms ?? []);
  }

  protected override transformJoin(node: JoinNode, queryId?: QueryId): JoinNode {
    const out = super.transformJoin(node, queryId);
    const t = tableOf(out.table);
    return t && this.#tables.has(t.table) ? JoinNode.cloneWithOn(out, this.#condition(t.ref)) : out;
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const out = super.transformUpdateQuery(node, queryId);
    const target = out.table ? tableOf(out.table) : undefined;
    if (target && this.#tables.has(target.table)) {
      for (const u of out.updates ?? []) {
        if (ColumnNode.is(u.column) && u.column.column.name === TENANT_COLUMN)
          throw new TenantColumnWritten(target.table);
      }
    }
    return this.#scopeItems(out, [...(out.table ? [out.table] : []), ...(out.from?.froms ?? [])]);
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const out = super.transformDeleteQuery(node, queryId);
    return this.#scopeItems(out, [...out.from.froms, ...(out.using?.tables ?? [])]);
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const out = super.transformInsertQuery(node, queryId);
    const table = out.into ? out.into.table.identifier.name : undefined;
    if (!table || !this.#tables.has(table)) return out;
    const columns = out.columns ?? [];
    if (columns.some((c) => c.column.name === TENANT_COLUMN)) throw new TenantColumnWritten(table);
    if (out.values && SelectQueryNode.is(out.values)) {
      // INSERT ... SELECT: the select (already scoped) also yields the tenant as the last column
      return {
        ...out,
        columns: [...columns, ColumnNode.create(TENANT_COLUMN)],
        values: this.#withTenantColumn(out.values),
      };
    }
    if (!out.values || !ValuesNode.is(out.values)) return out;
    const rows = out.values.values.map((row) =>
      PrimitiveValueListNode.is(row)
        ? PrimitiveValueListNode.create([...row.values, this.#tenantId])
        : ValueListNode.create([...row.values, ValueNode.create(this.#tenantId)]),
    );
    return {
      ...out,
      columns: [...columns, ColumnNode.create(TENANT_COLUMN)],
      values: ValuesNode.create(rows),
      onConflict: out.onConflict && this.#conflictTarget(out.onConflict),
    };
  }

  /** A select (and each select it is united with) with the tenant as one more output column. */
  #withTenantColumn(node: SelectQueryNode): SelectQueryNode {
    const tenant = SelectionNode.create(
      AliasNode.create(ValueNode.create(this.#tenantId), IdentifierNode.create(TENANT_COLUMN)),
    );
    return {
      ...SelectQueryNode.cloneWithSelections(node, [tenant]),
      setOperations: node.setOperations?.map((op) =>
        SelectQueryNode.is(op.expression) ? { ...op, expression: this.#withTenantColumn(op.expression) } : op,
      ),
    };
  }

  #conflictTarget(node: OnConflictNode): OnConflictNode {
    if (!node.columns || node.columns.some((c) => c.column.name === TENANT_COLUMN)) return node;
    return { ...node, columns: [ColumnNode.create(TENANT_COLUMN), ...node.columns] };
  }
}
