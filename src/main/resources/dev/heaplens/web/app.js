// heaplens serve / report: one page, views chosen by the URL hash (so every view has a permalink).
// Served: the views fetch the JSON API. Report: the same views read the answers embedded in the
// file. Everything that comes from a dump is attacker-controlled: it is only ever put into the
// page as text (textContent, text nodes, attribute values), never parsed as HTML.
'use strict';

const EMBEDDED = (() => {
  const el = document.getElementById('heaplens-data');
  return el ? JSON.parse(el.textContent) : null;
})();
const TOKEN = new URLSearchParams(location.search).get('token');
const PAGE = 50;
const TREE_PAGE = 20;
let info = null;
let exported = null; // what the export buttons write: {name, columns, rows, json}

class NotInReport extends Error {}

// ---- data

/** The key an answer is embedded under: the view, then the non-empty parameters sorted by name. */
function answerKey(view, params) {
  const names = Object.keys(params).filter(k => params[k] !== '' && params[k] != null).sort();
  return view + '?' + names.map(k => k + '=' + params[k]).join('&');
}

async function api(view, params = {}) {
  const clean = {};
  for (const k of Object.keys(params)) {
    if (params[k] !== '' && params[k] != null) clean[k] = String(params[k]);
  }
  if (EMBEDDED) {
    const key = answerKey(view, clean);
    if (Object.prototype.hasOwnProperty.call(EMBEDDED.answers, key)) return EMBEDDED.answers[key];
    throw new NotInReport('This view is not in the report (it holds the top of each view). Run heaplens serve on the dump to see it.');
  }
  const qs = new URLSearchParams();
  Object.keys(clean).sort().forEach(k => qs.set(k, clean[k]));
  const headers = TOKEN ? {'X-Heaplens-Token': TOKEN} : {};
  const response = await fetch('api/' + view + '?' + qs.toString(), {headers});
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || ('HTTP ' + response.status));
  return body;
}

// ---- building the page (text only)

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

function fmtInt(n) {
  return n == null || n < 0 ? '' : Number(n).toLocaleString('en-US');
}

// Decimal units, as the CLI writes them (report/Sizes.bytes): 1 KB = 1,000 bytes.
function fmtBytes(n) {
  if (n == null) return '';
  const sign = n < 0 ? '-' : '';
  let v = Math.abs(n);
  if (v < 1000) return sign + v + ' B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let u = 0;
  while (v >= 999.95 && u < units.length - 1) { v /= 1000; u++; }
  return sign + v.toFixed(1) + ' ' + units[u];
}

// Bytes where there is room for both: the exact count and its decimal rounding.
function fmtBytesExact(n) {
  return n == null ? '' : fmtInt(n) + ' bytes (' + fmtBytes(n) + ')';
}

function fmtDelta(n, f) {
  return (n > 0 ? '+' : '') + f(n);
}

function pct(part, whole) {
  return whole > 0 ? (100 * part / whole).toFixed(1) + '%' : '';
}

/** A hash link to a view: parameters encoded, nothing from the dump interpreted. */
function link(view, params, text) {
  return h('a', {href: route(view, params)}, text);
}

function route(view, params) {
  const qs = new URLSearchParams();
  Object.keys(params).forEach(k => { if (params[k] !== '' && params[k] != null) qs.set(k, params[k]); });
  return '#/' + view + '?' + qs.toString();
}

function objLink(d, row) {
  return link('object', {d, address: row.address}, row.address);
}

/**
 * A table; columns: {label, value(row) -> text or Node, export(row) -> csv value, num, sort}.
 * Registers what it shows for export.
 */
function table(columns, rows, opts = {}) {
  const head = h('tr', {}, columns.map(c => {
    const th = h('th', {class: (c.num ? 'num' : '') + (c.sort ? ' sortable' : ''), 'data-col': c.id || null}, c.label);
    if (c.sort) th.addEventListener('click', c.sort);
    return th;
  }));
  const body = rows.map(r => h('tr', {class: 'row'}, columns.map(c => {
    const v = c.value(r);
    return h('td', {class: c.num ? 'num' : (c.cls || 'text')}, v);
  })));
  if (opts.export !== false) setExport(opts.name || 'heaplens', columns, rows, opts.json);
  return h('table', {id: opts.id || null}, h('thead', {}, head), h('tbody', {}, body));
}

function setExport(name, columns, rows, json) {
  exported = {name, columns, rows, json: json === undefined ? rows : json};
}

function csvCell(value, numeric) {
  let s = value == null ? '' : String(value);
  // a spreadsheet would run a text cell starting with = + - @ as a formula
  if (!numeric && /^[=+\-@\t\r]/.test(s)) s = "'" + s;
  return /[",\n\r]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

function download(filename, type, text) {
  const a = h('a', {href: URL.createObjectURL(new Blob([text], {type})), download: filename});
  document.body.append(a);
  a.click();
  a.remove();
}

function exportCsv() {
  if (!exported) return;
  const cols = exported.columns;
  const lines = [cols.map(c => csvCell(c.label, false)).join(',')];
  for (const r of exported.rows) {
    lines.push(cols.map(c => {
      const v = c.export ? c.export(r) : c.value(r);
      return csvCell(v instanceof Node ? v.textContent : v, c.num);
    }).join(','));
  }
  download(exported.name + '.csv', 'text/csv', lines.join('\n') + '\n');
}

function exportJson() {
  if (exported) download(exported.name + '.json', 'application/json', JSON.stringify(exported.json, null, 1));
}

function pager(page, size, total, go) {
  const pages = Math.max(1, Math.ceil(total / size));
  return h('div', {class: 'pager'},
    h('button', {type: 'button', disabled: page <= 0, onclick: () => go(page - 1), 'data-test': 'prev'}, '‹ prev'),
    'page ' + (page + 1) + ' of ' + pages + ' (' + fmtInt(total) + ' rows)',
    h('button', {type: 'button', disabled: page + 1 >= pages, onclick: () => go(page + 1), 'data-test': 'next'}, 'next ›'));
}

function stats(pairs, id) {
  return h('table', {class: 'stats', id}, pairs.filter(p => p).map(([k, v, testId]) =>
    h('tr', {}, h('td', {}, k), h('td', {class: 'num', 'data-test': testId || null}, v))));
}

/** The object table columns shared by every list of objects. */
function objectColumns(d, extra = []) {
  return [
    ...extra,
    {label: 'address', value: r => objLink(d, r), export: r => r.address},
    {label: 'type', value: r => r.type},
    {label: 'class', value: r => classCell(d, r), export: r => r['class']},
    {label: 'shallow', num: true, value: r => fmtInt(r.shallow), export: r => r.shallow},
    {label: 'retained', num: true, value: r => fmtInt(r.retained), export: r => r.retained},
    {label: 'retained objects', num: true, value: r => fmtInt(r.retainedCount), export: r => r.retainedCount},
    {label: 'value', cls: 'value', value: r => r.value || '', export: r => r.value},
  ];
}

// A class object is named by the class it is ("class CacheApp"), not by java.lang.Class or Class;
// any other object by its class.
function classLabel(o) {
  if (o.classObject == null) return o['class'];
  return (o.type === 'MODULE' ? 'module ' : 'class ') + o.classObject;
}

// The class column of an object table: a link to the class's objects (for a class object, to
// the objects of the class it is).
function classCell(d, o) {
  const name = o.classObject != null ? o.classObject : o['class'];
  return link('class', {d, name}, classLabel(o));
}

// ---- charts (ECharts draws names on a canvas; tooltips are escaped text)

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
}

function chart(id, option) {
  const el = h('div', {class: 'chart', id});
  requestAnimationFrame(() => {
    if (typeof echarts === 'undefined') { el.textContent = 'charts unavailable'; return; }
    const c = echarts.init(el, null, {renderer: 'canvas'});
    c.setOption(Object.assign({animation: false}, option));
  });
  return el;
}

// A treemap of a partition: the rows' values never overlap, and what they leave of `total` is one
// "(other)" rectangle, so areas compare as shares of one whole.
function treemap(id, title, rows, value, total) {
  const data = rows.filter(r => value(r) > 0)
    .map(r => ({name: r.tool ? r.key + ' [tool overhead]' : r.key, value: value(r)}));
  const rest = total - data.reduce((s, x) => s + x.value, 0);
  if (rest > 0) data.push({name: '(other)', value: rest});
  return chart(id, {
    title: {text: title, left: 'center', textStyle: {fontSize: 13}},
    tooltip: {formatter: p => escapeHtml(p.name) + '<br>' + escapeHtml(fmtBytesExact(p.value))
      + '<br>' + escapeHtml(pct(p.value, total)) + ' of ' + escapeHtml(fmtBytes(total))},
    series: [{type: 'treemap', roam: false, nodeClick: false, breadcrumb: {show: false}, top: 30,
      label: {formatter: p => p.name}, data}],
  });
}

function bars(id, title, rows, value, label) {
  const top = rows.slice(0, 15).reverse();
  return chart(id, {
    title: {text: title, left: 'center', textStyle: {fontSize: 13}},
    tooltip: {trigger: 'item', formatter: p => escapeHtml(p.name) + '<br>' + escapeHtml(label(p.value))},
    grid: {left: 200, right: 30, top: 30, bottom: 30},
    xAxis: {type: 'value', axisLabel: {formatter: v => label(v)}},
    yAxis: {type: 'category', data: top.map(r => r.key), axisLabel: {width: 190, overflow: 'truncate'}},
    series: [{type: 'bar', data: top.map(value)}],
  });
}

// ---- views

const views = {};
views.threads = (p, main) => threadsView(p, main); // threads.js

views.suspects = (p, main) => suspectsView(p, main); // suspects.js: the first view

views.overview = async (p, main) => {
  const d = p.d;
  const o = await api('overview', {d});
  main.append(h('h1', {}, o.name + ' (' + o.runtime + ')'));
  main.append(stats([
    ['objects', fmtInt(o.objects), 'total-objects'],
    ['bytes (shallow)', fmtBytesExact(o.bytes), 'total-bytes'],
    ['graph edges', fmtInt(o.graphReferences), 'graph-references'],
    ['classes', fmtInt(o.classes), 'classes'],
    ['GC roots', fmtInt(o.roots)],
    ['reachable', fmtInt(o.reachableCount) + ' objects, ' + fmtBytesExact(o.reachableBytes), 'reachable'],
    ['unreachable', fmtInt(o.unreachableCount) + ' objects, ' + fmtBytesExact(o.unreachableBytes), 'unreachable'],
    o.weakOnlyCount != null ? ['only weakly reachable', fmtInt(o.weakOnlyCount) + ' objects, ' + fmtBytes(o.weakOnlyBytes)] : null,
    ['dangling references / roots', fmtInt(o.danglingReferences) + ' / ' + fmtInt(o.danglingRoots)],
  ].concat((o.facts || []).map(f => [f.label, f.value])), 'overview-stats'));
  main.append(h('div', {class: 'charts'},
    treemap('chart-retained-class', 'Reachable heap by the dominator tree\'s top level, by class',
      o.dominatorTopByClass.rows, r => r.retained, o.reachableBytes),
    treemap('chart-retained-origin', 'Shallow bytes by ' + o.originKey, o.retainedByOrigin.rows, r => r.bytes, o.bytes),
    bars('chart-biggest', 'Biggest classes (shallow bytes)', o.biggestClasses.rows, r => r.bytes, fmtBytes)));
  main.append(h('h2', {}, 'By ' + o.kindKey));
  main.append(table([
    {label: o.kindKey, value: r => r.key},
    {label: 'objects', num: true, value: r => fmtInt(r.count), export: r => r.count},
    {label: 'bytes', num: true, value: r => fmtInt(r.bytes), export: r => r.bytes},
    {label: '% bytes', num: true, value: r => pct(r.bytes, o.bytes)},
  ], o.kinds.rows, {name: 'overview', json: o, id: 'kinds'}));
  main.append(h('h2', {}, 'GC roots'));
  main.append(table([
    {label: 'category', value: r => r.category},
    {label: 'roots', num: true, value: r => fmtInt(r.count), export: r => r.count},
  ], o.rootCategories, {export: false}));
  main.append(h('h2', {}, 'Biggest retainers ', link('top', {d}, '(all)')));
  main.append(table(objectColumns(d), o.topRetainers.rows, {export: false, id: 'top-retainers'}));
  setExport('overview', [{label: 'key', value: r => r.key}, {label: 'objects', value: r => r.count, num: true},
    {label: 'bytes', value: r => r.bytes, num: true}], o.kinds.rows, o);
};

views.histogram = async (p, main) => {
  const d = p.d;
  const dump = info.dumps[d];
  const by = p.by || 'class';
  const sort = p.sort || 'bytes';
  const dir = p.dir || (sort === 'name' ? 'asc' : 'desc');
  const page = Number(p.page || 0);
  const q = p.q || '';
  const r = await api('histogram', {d, by, sort, dir, q, page, size: PAGE});
  const go = changes => navigate('histogram', Object.assign({d, by, sort, dir, q, page}, changes));
  const flip = dir === 'desc' ? 'asc' : 'desc';
  const sortBy = col => () => go({sort: col, dir: sort === col ? flip : (col === 'name' ? 'asc' : 'desc'), page: 0});
  main.append(h('h1', {}, 'Histogram by ' + by));
  const filter = h('input', {type: 'search', id: 'filter', placeholder: 'filter by name', value: q});
  filter.addEventListener('change', () => go({q: filter.value, page: 0}));
  main.append(h('div', {class: 'controls'},
    'group by ', h('select', {id: 'group-by', onchange: e => go({by: e.target.value, page: 0, q: ''})},
      dump.keys.map(k => keyOption(dump, k, by))),
    filter));
  main.append(h('p', {id: 'histogram-totals'}, fmtInt(r.groups) + ' groups, ' + fmtInt(r.totalCount) + ' objects, '
    + fmtInt(r.totalBytes) + ' bytes' + (q ? '; matching "' + q + '": ' + fmtInt(r.page.matched) + ' groups, '
    + fmtInt(r.page.matchedCount) + ' objects, ' + fmtInt(r.page.matchedBytes) + ' bytes' : '')));
  const arrow = col => sort === col ? (dir === 'desc' ? ' ▾' : ' ▴') : '';
  main.append(table([
    {label: by + arrow('name'), id: 'name', sort: sortBy('name'),
      value: x => by === 'class' ? link('class', {d, name: x.key}, x.key) : x.key, export: x => x.key},
    {label: 'objects' + arrow('count'), id: 'count', num: true, sort: sortBy('count'), value: x => fmtInt(x.count), export: x => x.count},
    {label: 'bytes' + arrow('bytes'), id: 'bytes', num: true, sort: sortBy('bytes'), value: x => fmtInt(x.bytes), export: x => x.bytes},
    {label: '% bytes', num: true, value: x => pct(x.bytes, r.totalBytes)},
    {label: 'retained' + arrow('retained'), id: 'retained', num: true, sort: sortBy('retained'),
      value: x => (x.retainedExact ? '' : '≥ ') + fmtInt(x.retained), export: x => x.retained},
  ], r.page.rows, {name: 'histogram-' + by, json: r, id: 'histogram'}));
  main.append(pager(page, PAGE, r.page.matched, n => go({page: n})));
};

views['class'] = async (p, main) => {
  const d = p.d;
  const page = Number(p.page || 0);
  const r = await api('class', {d, name: p.name, page, size: PAGE});
  main.append(h('h1', {}, r['class']));
  main.append(stats([
    ['objects', fmtInt(r.count), 'class-count'],
    ['shallow bytes', fmtInt(r.bytes), 'class-bytes'],
    ['retained (as a set)', (r.retainedExact ? '' : '≥ ') + fmtInt(r.retained), 'class-retained'],
  ]));
  main.append(h('p', {}, link('merged', {d, name: r['class']}, 'Merged shortest paths from GC roots'), ' · ',
    link('histogram', {d, by: 'class', q: r['class']}, 'in the histogram')));
  main.append(h('h2', {}, 'Objects, largest retained first'));
  main.append(table(objectColumns(d), r.objects.rows, {name: 'class-objects', json: r, id: 'objects'}));
  main.append(pager(page, PAGE, r.objects.total, n => navigate('class', {d, name: r['class'], page: n})));
};

views.top = async (p, main) => {
  const d = p.d;
  const page = Number(p.page || 0);
  const r = await api('top', {d, page, size: PAGE});
  main.append(h('h1', {}, 'Biggest retainers'));
  const rank = {label: '#', num: true, value: x => String(page * PAGE + r.objects.rows.indexOf(x) + 1)};
  main.append(table(objectColumns(d, [rank]).concat([{label: '% of reachable', num: true,
    value: x => pct(x.retained, r.reachableBytes)}]), r.objects.rows, {name: 'top', json: r, id: 'objects'}));
  main.append(pager(page, PAGE, r.objects.total, n => navigate('top', {d, page: n})));
};

function pathList(d, path) {
  const items = [h('li', {class: 'muted'}, 'GC root: ' + path.rootCategory + (path.weakOnly ? ' (through weak references only)' : ''))];
  for (const s of path.steps) {
    if (s.elided) { items.push(h('li', {class: 'muted'}, '… ' + fmtInt(s.elided) + ' more steps …')); continue; }
    items.push(h('li', {}, s.via ? h('span', {class: 'via'}, s.via + ' → ') : '',
      objLink(d, s.object), ' ', classLabel(s.object), s.object.value ? h('span', {class: 'muted'}, ' ' + s.object.value) : ''));
  }
  return h('ol', {class: 'path'}, items);
}

views.object = async (p, main) => {
  const d = p.d;
  const r = await api('object', {d, address: p.address, n: 20});
  const o = r.object;
  main.append(h('h1', {}, o['class'] + ' ' + o.address));
  main.append(stats([
    ['type', o.type],
    ['class', link('class', {d, name: o['class']}, o['class'])],
    ['shallow size', fmtInt(o.shallow), 'object-shallow'],
    ['retained size', fmtInt(o.retained), 'object-retained'],
    ['retained objects', fmtInt(o.retainedCount), 'object-retained-count'],
    o.location ? ['allocated at', o.location] : null,
    o.value ? ['value', o.value, 'object-value'] : null,
    r.roots.length ? ['GC root', r.roots.join(', ')] : null,
  ], 'object-stats'));
  if (r.record) main.append(h('pre', {class: 'record'}, r.record));
  main.append(h('h2', {}, 'Shortest path from a GC root ', link('paths', {d, address: o.address}, '(more paths)')));
  main.append(r.path ? h('div', {id: 'path'}, pathList(d, r.path)) : h('p', {id: 'path', class: 'muted'}, 'No GC root reaches this object.'));
  main.append(h('h2', {}, 'Dominators (' + fmtInt(r.dominatorChainLength) + ', nearest first)'));
  main.append(table(objectColumns(d), r.dominators, {export: false, id: 'dominators'}));
  const via = {label: 'reference', value: x => h('span', {class: 'via'}, x.via || '')};
  const linkCols = objectColumns(d).map(c => Object.assign({}, c, {value: x => c.value(x.object),
    export: x => (c.export || c.value)(x.object)}));
  main.append(h('h2', {}, 'Referrers (' + fmtInt(r.referrers.references) + ' references)'));
  main.append(table([via, ...linkCols], r.referrers.rows, {export: false, id: 'referrers'}));
  main.append(h('h2', {}, 'References (' + fmtInt(r.referents.references) + ')'));
  main.append(table([via, ...linkCols], r.referents.rows, {export: false, id: 'referents'}));
  setExport('object-' + o.address, objectColumns(d), [o], r);
};

views.paths = async (p, main) => {
  const d = p.d;
  const r = await api('paths', {d, address: p.address, max: 5});
  main.append(h('h1', {}, 'Shortest paths from GC roots to ', objLink(d, r.object), ' ' + r.object['class']));
  if (!r.paths.length) main.append(h('p', {class: 'muted'}, 'No GC root reaches this object.'));
  r.paths.forEach((path, i) => main.append(h('h2', {}, 'Path ' + (i + 1) + ' (' + path.length + ' objects)'), pathList(d, path)));
  setExport('paths', [{label: 'path', value: x => x.rootCategory}], r.paths, r);
};

views.merged = async (p, main) => {
  const d = p.d;
  const r = await api('merged', {d, name: p.name});
  main.append(h('h1', {}, 'Merged shortest paths to ', link('class', {d, name: r['class']}, r['class'])));
  main.append(h('p', {class: 'muted'}, fmtInt(r.taken) + ' of ' + fmtInt(r.objects) + ' objects (largest retained first); '
    + fmtInt(r.unreached) + ' reached by no root. Each node: objects whose path passes through it, and what they retain.'));
  const node = n => h('li', {}, h('span', {class: 'via'}, n.via ? n.via + ' → ' : ''), n['class'],
    h('span', {class: 'muted'}, ' ' + fmtInt(n.objects) + ' objects, ' + fmtBytes(n.retained) + (n.more ? ' (top 20 branches)' : '')),
    n.children.length ? h('ul', {class: 'merged'}, n.children.map(node)) : '');
  main.append(h('ul', {class: 'merged', id: 'merged'}, node(r.tree)));
  setExport('merged-paths', [{label: 'class', value: x => x['class']}], [r.tree], r);
};

views.dominators = async (p, main) => {
  const d = p.d;
  const grouped = p.group === 'class';
  main.append(h('h1', {}, 'Dominator tree'));
  main.append(h('div', {class: 'controls'}, h('label', {},
    h('input', {type: 'checkbox', id: 'group-class', checked: grouped,
      onchange: e => navigate('dominators', {d, group: e.target.checked ? 'class' : ''})}), ' group children by class')));
  const tbody = h('tbody', {});
  const tbl = h('table', {id: 'tree'}, h('thead', {}, h('tr', {}, ['', 'object', 'class', 'shallow', 'retained', '% of heap', 'retained objects']
    .map((c, i) => h('th', {class: i >= 3 ? 'num' : ''}, c)))), tbody);
  main.append(tbl);
  const first = await api('dominators', grouped ? {d, group: 'class', page: 0, size: TREE_PAGE} : {d, page: 0, size: TREE_PAGE});
  const total = first.reachableBytes;
  const exportRows = [];

  const objectRow = (o, depth) => {
    const cell = h('td', {style: 'padding-left:' + (depth * 18 + 4) + 'px'});
    const tr = h('tr', {class: 'row', 'data-depth': depth, 'data-address': o.address},
      cell, h('td', {}, objLink(d, o)), h('td', {class: 'text'}, classLabel(o)),
      h('td', {class: 'num'}, fmtInt(o.shallow)), h('td', {class: 'num'}, fmtInt(o.retained)),
      h('td', {class: 'num'}, pct(o.retained, total)), h('td', {class: 'num'}, fmtInt(o.retainedCount)));
    exportRows.push(o);
    if (o.retainedCount > 1) {
      const t = h('span', {class: 'toggle', role: 'button', 'data-test': 'expand'}, '▸');
      cell.append(t);
      let open = null;
      t.addEventListener('click', async () => {
        if (open) { open.forEach(x => x.remove()); open = null; t.textContent = '▸'; return; }
        t.textContent = '▾';
        open = await children({d, address: o.address}, depth + 1, tr);
      });
    }
    return tr;
  };
  const groupRow = (g, parentParams, depth) => {
    const cell = h('td', {style: 'padding-left:' + (depth * 18 + 4) + 'px'});
    const tr = h('tr', {class: 'row group', 'data-depth': depth}, cell, h('td', {class: 'muted'}, fmtInt(g.count) + ' objects'),
      h('td', {class: 'text'}, g.key), h('td', {class: 'num'}, fmtInt(g.bytes)), h('td', {class: 'num'}, fmtInt(g.retained)),
      h('td', {class: 'num'}, pct(g.retained, total)), h('td', {class: 'num'}, ''));
    const t = h('span', {class: 'toggle', role: 'button', 'data-test': 'expand'}, '▸');
    cell.append(t);
    let open = null;
    t.addEventListener('click', async () => {
      if (open) { open.forEach(x => x.remove()); open = null; t.textContent = '▸'; return; }
      t.textContent = '▾';
      open = await children(Object.assign({}, parentParams, {'class': g.key, group: ''}), depth + 1, tr, true);
    });
    return tr;
  };
  // inserts a node's children after `after`; returns the rows added
  const children = async (params, depth, after, objectsOnly, answer, page = 0) => {
    let r;
    try {
      r = answer || await api('dominators', Object.assign({}, params,
        grouped && !objectsOnly ? {group: 'class'} : {}, {page, size: TREE_PAGE}));
    } catch (e) {
      const row = h('tr', {}, h('td', {colspan: 7, class: 'error'}, e.message));
      after.after(row);
      return [row];
    }
    const rows = r.groups ? r.groups.rows.map(g => groupRow(g, params, depth)) : r.objects.rows.map(o => objectRow(o, depth));
    const shown = (r.groups ? r.groups.matched : r.objects.total);
    if (shown > (page + 1) * TREE_PAGE) {
      const more = h('tr', {}, h('td', {colspan: 7, style: 'padding-left:' + (depth * 18 + 4) + 'px'},
        h('button', {type: 'button', 'data-test': 'more'}, 'more (' + fmtInt(shown - (page + 1) * TREE_PAGE) + ' left)')));
      more.querySelector('button').addEventListener('click', async () => {
        const added = await children(params, depth, more, objectsOnly, null, page + 1);
        more.remove();
        rows.push(...added);
      });
      rows.push(more);
    }
    let at = after;
    for (const row of rows) { if (at) at.after(row); else tbody.append(row); at = row; }
    return rows;
  };
  await children({d}, 0, null, false, first);
  setExport('dominator-tree', objectColumns(d), exportRows, exportRows);
};

views.unreachable = async (p, main) => {
  const d = p.d;
  const by = p.by === 'kind' ? 'kind' : 'class';
  const page = Number(p.page || 0);
  const r = await api('unreachable', {d, by, page, size: PAGE});
  main.append(h('h1', {}, 'Unreachable objects'));
  main.append(h('p', {}, fmtInt(r.unreachableCount) + ' objects, ' + fmtInt(r.unreachableBytes) + ' bytes that no GC root reaches. ',
    link('unreachable', {d, by: by === 'class' ? 'kind' : 'class'}, 'group by ' + (by === 'class' ? info.dumps[d].kindKey : 'class'))));
  main.append(table([
    {label: r.by, value: x => x.key},
    {label: 'objects', num: true, value: x => fmtInt(x.count), export: x => x.count},
    {label: 'bytes', num: true, value: x => fmtInt(x.bytes), export: x => x.bytes},
  ], r.page.rows, {name: 'unreachable', json: r, id: 'unreachable'}));
  main.append(pager(page, PAGE, r.page.matched, n => navigate('unreachable', {d, by, page: n})));
};

views.strings = async (p, main) => {
  const d = p.d;
  const page = Number(p.page || 0);
  const r = await api('strings', {d, page, size: PAGE});
  main.append(h('h1', {}, 'Duplicate strings'));
  main.append(h('p', {}, fmtInt(r.strings) + ' strings, ' + fmtInt(r.values) + ' distinct values; ' + fmtInt(r.duplicateStrings)
    + ' duplicates waste ' + fmtInt(r.wastedBytes) + ' bytes.'));
  main.append(table([
    {label: 'value', cls: 'value', value: shownStringValue, export: x => x.value},
    {label: 'strings', num: true, value: x => fmtInt(x.strings), export: x => x.strings},
    {label: 'arrays', num: true, value: x => fmtInt(x.arrays), export: x => x.arrays},
    {label: 'chars', num: true, value: x => fmtInt(x.chars), export: x => x.chars},
    {label: 'wasted bytes', num: true, value: x => fmtInt(x.wastedBytes), export: x => x.wastedBytes},
  ], r.rows, {name: 'duplicate-strings', json: r, id: 'strings'}));
  main.append(pager(page, PAGE, r.groups, n => navigate('strings', {d, page: n})));
};

// A duplicate string's value as the page shows it: in quotes, "..." when the API has its start only.
// The API and the exports carry the value itself.
function shownStringValue(x) {
  if (x.value == null) return '';
  return '"' + x.value.replace(/\n/g, ' ') + (x.valueComplete ? '"' : '..."');
}

views.diff = async (p, main) => {
  const by = p.by || 'class';
  const sort = p.sort || 'bytes';
  const page = Number(p.page || 0);
  const q = p.q || '';
  const unchanged = p.unchanged === '1' ? '1' : '0';
  const r = await api('diff', {a: 0, b: 1, by, sort, q, page, size: PAGE, unchanged});
  const go = c => navigate('diff', Object.assign({by, sort, q, page, unchanged}, c));
  main.append(h('h1', {}, 'What grew: ' + r.before + ' → ' + r.after));
  const filter = h('input', {type: 'search', placeholder: 'filter by name', value: q});
  filter.addEventListener('change', () => go({q: filter.value, page: 0}));
  main.append(h('div', {class: 'controls'}, 'group by ', h('select', {onchange: e => go({by: e.target.value, page: 0})},
    info.dumps[0].keys.map(k => keyOption(info.dumps[0], k, by))),
  ' most grown in ', h('select', {onchange: e => go({sort: e.target.value, page: 0})},
    ['bytes', 'count'].map(k => h('option', {value: k, selected: k === sort}, k))), filter, unchangedToggle(r, unchanged, go)));
  main.append(h('p', {id: 'diff-totals'}, 'objects ' + fmtInt(r.countBefore) + ' → ' + fmtInt(r.countAfter) + ' ('
    + fmtDelta(r.countAfter - r.countBefore, fmtInt) + '); bytes ' + fmtInt(r.bytesBefore) + ' → ' + fmtInt(r.bytesAfter)
    + ' (' + fmtDelta(r.bytesAfter - r.bytesBefore, fmtInt) + ')'));
  main.append(table([
    {label: by, value: x => x.key},
    {label: 'objects before', num: true, value: x => fmtInt(x.countBefore), export: x => x.countBefore},
    {label: 'objects after', num: true, value: x => fmtInt(x.countAfter), export: x => x.countAfter},
    {label: 'Δ objects', num: true, value: x => fmtDelta(x.countDelta, fmtInt), export: x => x.countDelta},
    {label: 'bytes before', num: true, value: x => fmtInt(x.bytesBefore), export: x => x.bytesBefore},
    {label: 'bytes after', num: true, value: x => fmtInt(x.bytesAfter), export: x => x.bytesAfter},
    {label: 'Δ bytes', num: true, value: x => fmtDelta(x.bytesDelta, fmtInt), export: x => x.bytesDelta},
  ], r.rows, {name: 'diff-' + by, json: r, id: 'diff'}));
  main.append(pager(page, PAGE, r.matched, n => go({page: n})));
};

// The diff's switch for groups that did not change: hidden by default, their number said.
function unchangedToggle(r, unchanged, go) {
  return h('label', {}, h('input', {type: 'checkbox', id: 'show-unchanged', checked: unchanged === '1',
    onchange: e => go({unchanged: e.target.checked ? '1' : '0', page: 0})}),
    ' show unchanged groups' + (unchanged === '1' ? '' : ' (' + fmtInt(r.unchangedHidden) + ' hidden)'));
}

views.leaks = async (p, main) => {
  const r = await api('leaks', p.by ? {by: p.by} : {});
  main.append(h('h1', {}, 'Leaks: allocated after ' + r.dumps[0] + ', present in ' + r.dumps[1] + ', still alive in ' + r.dumps[2]));
  main.append(h('p', {}, fmtInt(r.leakedCount) + ' objects, ' + fmtInt(r.leakedBytes) + ' bytes in ' + fmtInt(r.groups)
    + ' groups by ' + r.by + '. Identity: ' + r.rule));
  main.append(table([
    {label: r.by, value: x => x.key},
    {label: 'objects', num: true, value: x => fmtInt(x.count), export: x => x.count},
    {label: 'bytes', num: true, value: x => fmtInt(x.bytes), export: x => x.bytes},
    {label: 'retained in C', num: true, value: x => x.retainedKnown ? fmtInt(x.retained) : '', export: x => x.retained},
    {label: 'sample path from a GC root', value: x => x.samplePath
      ? h('details', {}, h('summary', {}, x.samplePath.length + ' steps'), pathList(2, x.samplePath)) : '',
    export: x => x.samplePath ? x.samplePath.steps.map(s => s.object ? s.object.address : '…').join(' > ') : ''},
  ], r.rows, {name: 'leaks', json: r, id: 'leaks'}));
};

views.gc = async (p, main) => {
  const r = await api('gc');
  if (r.changes) {
    main.append(h('h1', {}, 'GC: two runs compared'));
    main.append(table([
      {label: 'figure', value: x => x.figure}, {label: 'unit', value: x => x.unit},
      {label: 'A', num: true, value: x => x.a}, {label: 'B', num: true, value: x => x.b},
      {label: 'change', num: true, value: x => x.change == null ? '' : (100 * x.change).toFixed(1) + '%'},
    ], r.changes, {name: 'gc-comparison', json: r}));
    gcRun(main, r.a, 'A', 'a');
    gcRun(main, r.b, 'B', 'b');
    setExport('gc-comparison', [{label: 'figure', value: x => x.figure}, {label: 'a', value: x => x.a, num: true},
      {label: 'b', value: x => x.b, num: true}, {label: 'change', value: x => x.change, num: true}], r.changes, r);
  } else {
    gcRun(main, r, '', 'gc');
    setExport('gc', [{label: 'setting', value: x => x.setting}, {label: 'value', value: x => x.value},
      {label: 'reason', value: x => x.reason}], r.advice || [], r);
  }
};

function timeline(r) {
  return (r.series && r.series.timeline) || [];
}

function sliceText(series) {
  const s = series ? series.slice_s : 0;
  return s >= 1 ? +s.toFixed(2) + ' s' : +(s * 1000).toFixed(3) + ' ms';
}

function gcRun(main, r, title, id) {
  main.append(h('h1', {}, (title ? title + ': ' : '') + 'GC ' + (r.runtime === 'jvm' ? (r.collector || '') : 'Ruby ' + (r.version || '')),
    h('span', {class: 'muted'}, ' ' + (r.sources || []).join(', '))));
  const series = (r.series && r.series.heap) || [];
  if (r.runtime === 'jvm') {
    const pz = r.pauses;
    main.append(stats([
      ['span', fmtInt(Math.round(r.span_ms)) + ' ms'],
      ['pauses', fmtInt(pz.count) + ', total ' + pz.total_ms + ' ms'],
      ['pause p50 / p99 / max', pz.p50_ms + ' / ' + pz.p99_ms + ' / ' + pz.max_ms + ' ms'],
      ['throughput', pz.throughput == null ? '' : (100 * pz.throughput).toFixed(2) + '%'],
      ['allocation rate', fmtBytes(r.rates.allocation_bytes_per_second) + '/s'],
      ['heap after GC: first → last (peak)', fmtBytes(r.heap.first_after_bytes) + ' → ' + fmtBytes(r.heap.last_after_bytes)
        + ' (' + fmtBytes(r.heap.peak_after_bytes) + ')'],
    ]));
    main.append(h('div', {class: 'charts'},
      chart('chart-' + id + '-heap', {
        title: {text: 'Heap before and after GC', left: 'center', textStyle: {fontSize: 13}},
        tooltip: {trigger: 'axis', valueFormatter: v => escapeHtml(fmtBytes(v))}, legend: {bottom: 0},
        grid: {containLabel: true}, xAxis: gcTimeAxis(r), yAxis: {type: 'value', name: 'heap', axisLabel: {formatter: v => fmtBytes(v)}},
        series: [{name: 'before', type: 'line', showSymbol: false, data: series.map(x => [gcSeconds(r, x[0]), x[1]])},
          {name: 'after', type: 'line', showSymbol: false, data: series.map(x => [gcSeconds(r, x[0]), x[2]])}]}),
      chart('chart-' + id + '-pauses', {
        title: {text: 'Pause durations', left: 'center', textStyle: {fontSize: 13}}, tooltip: {},
        xAxis: {type: 'category', data: pz.distribution.map(b => b.from_ms + (b.to_ms == null ? '+' : '–' + b.to_ms) + ' ms')},
        yAxis: {type: 'value'}, series: [{type: 'bar', data: pz.distribution.map(b => b.count)}]}),
      // the timeline's slices: [start_s, pauses, total_ms, max_ms, allocated_bytes or null]
      chart('chart-' + id + '-pause-time', {
        title: {text: 'Pauses over time (per ' + sliceText(r.series) + ')', left: 'center', textStyle: {fontSize: 13}},
        tooltip: {trigger: 'axis'}, legend: {bottom: 0}, grid: {containLabel: true}, xAxis: gcTimeAxis(r),
        yAxis: {type: 'value', name: 'pause (ms)'},
        series: [{name: 'longest', type: 'line', showSymbol: false, data: timeline(r).filter(x => x[1] > 0).map(x => [gcSeconds(r, x[0]), x[3]])},
          {name: 'total', type: 'line', showSymbol: false, data: timeline(r).filter(x => x[1] > 0).map(x => [gcSeconds(r, x[0]), x[2]])}]}),
      gcAllocationChart(r, id)));
    main.append(h('h2', {}, 'Longest pauses'));
    main.append(table([
      {label: gcTimeName(r), num: true, value: x => gcSeconds(r, x.time_s)}, {label: 'ms', num: true, value: x => x.duration_ms},
      {label: 'kind', value: x => x.kind}, {label: 'cause', value: x => x.cause}, {label: 'GC id', num: true, value: x => x.gc_id},
    ], pz.longest, {export: false}));
  } else {
    main.append(stats([
      ['snapshots', fmtInt(r.snapshots)], ['GCs (minor / major)', fmtInt(r.gc_count) + ' (' + fmtInt(r.minor_gc_count) + ' / ' + fmtInt(r.major_gc_count) + ')'],
      ['GC time', r.gc_time_ms < 0 ? '' : r.gc_time_ms + ' ms'],
    ]));
    main.append(h('div', {class: 'charts'}, rubyHeapChart(series, id)));
  }
  main.append(h('h2', {}, 'Advice'));
  main.append((r.advice || []).length ? table([
    {label: 'setting', value: x => x.setting}, {label: 'value', value: x => x.value}, {label: 'why', value: x => x.reason},
    {label: 'evidence', value: x => x.evidence},
  ], r.advice, {export: false}) : h('p', {class: 'muted'}, 'Nothing to change.'));
}

// ---- GC charts: axes named in full, rates per second of wall time

/** The x axis of a JVM GC chart: seconds since the JVM started, or for a wall-clock log since its first GC. */
function gcTimeAxis(r) {
  return {type: 'value', name: gcTimeName(r), nameLocation: 'middle', nameGap: 25};
}

function gcTimeName(r) {
  if (r.time_base !== 'wall') return 'time since JVM start (s)';
  const at = new Date(gcOrigin(r) * 1000).toISOString().replace('T', ' ').replace(/\.\d+Z$/, '');
  return 'time since the first GC (s), at ' + at;
}

/**
 * Where a JVM series' seconds count from: 0 for JVM uptime; for a wall-clock log (the time
 * decorator, JDK 8 date stamps, OpenJ9) its first time, so the axis reads 0 to the span, not epoch seconds.
 */
function gcOrigin(r) {
  if (r.time_base !== 'wall') return 0;
  const s = r.series || {};
  const firsts = [s.heap, s.timeline, s.allocation].filter(a => a && a.length).map(a => a[0][0]);
  return firsts.length ? Math.min(...firsts) : 0;
}

function gcSeconds(r, t) {
  return +(t - gcOrigin(r)).toFixed(6);
}

/** Allocation per second of wall time between collections, drawn as steps: its time-weighted mean is the report's rate. */
function gcAllocationChart(r, id) {
  const steps = [];
  for (const [from, to, rate] of (r.series && r.series.allocation) || []) {
    steps.push([gcSeconds(r, from), rate], [gcSeconds(r, to), rate]);
  }
  return chart('chart-' + id + '-allocation', {
    title: {text: 'Allocation rate (mean ' + fmtBytes(r.rates.allocation_bytes_per_second) + '/s)', left: 'center',
      textStyle: {fontSize: 13}},
    tooltip: {trigger: 'axis', valueFormatter: v => escapeHtml(fmtBytes(v) + '/s')}, grid: {containLabel: true},
    xAxis: gcTimeAxis(r), yAxis: {type: 'value', name: 'allocated per second', axisLabel: {formatter: v => fmtBytes(v) + '/s'}},
    series: [{type: 'line', showSymbol: false, data: steps}]});
}

/** A Ruby series drawn against seconds since its first snapshot (its times are epoch seconds). */
function rubyHeapChart(series, id) {
  const t0 = series.length ? series[0][0] : 0;
  const at = x => +(x[0] - t0).toFixed(3);
  return chart('chart-' + id + '-heap', {
    title: {text: 'Live slots and old objects', left: 'center', textStyle: {fontSize: 13}},
    tooltip: {trigger: 'axis'}, legend: {bottom: 0}, grid: {containLabel: true},
    xAxis: {type: 'value', name: 'time since the first snapshot (s)', nameLocation: 'middle', nameGap: 25},
    yAxis: {type: 'value', name: 'objects'},
    series: [{name: 'heap_live_slots', type: 'line', showSymbol: false, data: series.map(x => [at(x), x[1]])},
      {name: 'old_objects', type: 'line', showSymbol: false, data: series.map(x => [at(x), x[2]])}]});
}

// ---- routing

function parseHash() {
  const m = /^#\/([a-z]+)(?:\?(.*))?$/.exec(location.hash);
  const params = {};
  if (m && m[2]) new URLSearchParams(m[2]).forEach((v, k) => { params[k] = v; });
  return {view: m && views[m[1]] ? m[1] : 'suspects', params};
}

function navigate(view, params) {
  location.hash = route(view, params);
}

function buildNav(current, d) {
  const nav = document.getElementById('nav');
  nav.replaceChildren();
  const dump = info.dumps[d];
  const items = [];
  if (dump) {
    items.push(['suspects', {d}, 'Suspects'], ['overview', {d}, 'Overview'], ['histogram', {d}, 'Histogram'], ['dominators', {d}, 'Dominator tree'],
      ['top', {d}, 'Top retainers'], ['unreachable', {d}, 'Unreachable']);
    if (dump.strings) items.push(['strings', {d}, 'Strings']);
    if (dump.threads) items.push(['threads', {d}, 'Threads']);
  }
  if (info.diff) items.push(['diff', {}, 'Diff']);
  if (info.leaks) items.push(['leaks', {}, 'Leaks']);
  if (info.gc) items.push(['gc', {}, 'GC']);
  for (const [view, params, label] of items) {
    nav.append(h('a', {href: route(view, params), class: view === current ? 'active' : null, id: 'nav-' + view}, label));
  }
}

async function render() {
  const {view, params} = parseHash();
  const main = document.getElementById('main');
  const status = document.getElementById('status');
  if (!info.dumps.length && view !== 'gc') { navigate('gc', {}); return; }
  if (params.d == null) params.d = '0';
  const d = Number(params.d);
  document.getElementById('dump').value = String(d);
  buildNav(view, d);
  document.getElementById('permalink').setAttribute('href', location.href);
  exported = null;
  const started = performance.now();
  status.textContent = 'loading…';
  const next = h('div', {id: 'view-' + view});
  try {
    await views[view](params, next);
    status.textContent = (EMBEDDED ? 'report · ' : '') + view + ' in ' + Math.round(performance.now() - started) + ' ms';
  } catch (e) {
    next.append(h('p', {class: 'error', id: 'error'}, e.message));
    status.textContent = '';
  }
  main.replaceChildren(next);
  document.title = 'heaplens · ' + view;
}

async function start() {
  document.getElementById('export-csv').addEventListener('click', exportCsv);
  document.getElementById('export-json').addEventListener('click', exportJson);
  try {
    info = await api('info');
  } catch (e) {
    document.getElementById('main').append(h('p', {class: 'error'}, e.message));
    return;
  }
  const select = document.getElementById('dump');
  info.dumps.forEach(x => select.append(h('option', {value: x.id}, x.name + ' (' + x.runtime + ')')));
  select.hidden = info.dumps.length < 2;
  select.addEventListener('change', () => navigate(parseHash().view, {d: select.value}));
  window.addEventListener('hashchange', render);
  render();
}

start();

// A grouping key in a menu, with what it means in the dump's runtime as its hover text (the runtime says it).
function keyOption(dump, key, selected) {
  return h('option', {value: key, selected: key === selected, title: (dump.keyMeanings || {})[key] || ''}, key);
}
