// heaplens serve / report: the suspects view (the first view). Loaded before app.js; its helpers
// (api, h, link, fmtBytes, table, setExport) are looked up when the view runs. Text from the dump
// only ever goes into the page as text.
'use strict';

/** Sizes in decimal units (12.3 MB), as the suspects' sentences and the CLI write them, so the page agrees with its own text. */
function fmtSize(n) {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let v = n;
  let u = 0;
  while (Math.abs(v) >= 999.95 && u < units.length - 1) { v /= 1000; u++; }
  return u === 0 ? n + ' B' : v.toFixed(1) + ' ' + units[u];
}

/** The thresholds the view offers; a report holds each (ServedDump.SUSPECTS_THRESHOLDS lists the same). */
const SUSPECTS_THRESHOLDS = [1, 2, 5, 10, 20, 30, 50];

/** A choice of threshold: the view again with suspects over the chosen share (10%, the CLI's default, needs no parameter). */
function suspectsThresholdControl(d, current) {
  const values = SUSPECTS_THRESHOLDS.includes(current) ? SUSPECTS_THRESHOLDS
    : [...SUSPECTS_THRESHOLDS, current].sort((a, b) => a - b);
  return h('p', {class: 'controls'}, h('label', {}, 'a suspect retains more than ',
    h('select', {id: 'suspects-threshold', onchange: e => navigate('suspects', {d, threshold: e.target.value === '10' ? '' : e.target.value})},
      values.map(v => h('option', {value: String(v), selected: v === current}, v + '%'))), ' of the heap'));
}

/** The suspects view: each suspect in words, its accumulation point, path and what it holds; findings; tool overhead. */
async function suspectsView(p, main) {
  const d = p.d;
  const r = await api('suspects', {d, threshold: p.threshold});
  const obj = o => link('object', {d, address: o.address}, o.address);
  main.append(h('h1', {}, 'Leak suspects in ' + r.dump));
  main.append(suspectsThresholdControl(d, r.thresholdPercent));
  const overhead = r.heapBytes - r.analysedBytes;
  main.append(h('p', {id: 'suspects-summary'}, 'Reachable heap ' + fmtSize(r.heapBytes)
    + (overhead > 0 ? ', of which tools hold ' + fmtSize(overhead) + ' (left out)' : '')
    + '; a suspect retains more than ' + r.thresholdPercent + '% of ' + fmtSize(r.analysedBytes) + '.'));
  if (!r.suspects.length) {
    main.append(h('p', {id: 'no-suspect'}, 'No suspect: no object and no class that the GC roots hold retains more than '
      + r.thresholdPercent + '% of the heap.'));
  }
  r.suspects.forEach((s, i) => {
    const box = h('section', {class: 'suspect', id: 'suspect-' + (i + 1)});
    box.append(h('h2', {}, 'Suspect ' + (i + 1) + ': ' + (s.kind === 'single' ? s.name || s.class : fmtInt(s.instances) + ' × ' + s.class)
      + ', ' + fmtSize(s.retainedBytes) + ' (' + s.share.toFixed(1) + '%)'));
    box.append(h('p', {class: 'suspect-text'}, s.text));
    box.append(stats([
      [s.kind === 'single' ? 'object' : 'largest instance', h('span', {}, obj(s), ' ' + (s.path.length ? '' : s.class))],
      ['accumulation point', s.accumulationPoint
        ? h('span', {'data-test': 'accumulation'}, obj(s.accumulationPoint), ' ' + s.accumulationPoint.name + ', '
          + fmtSize(s.accumulationPoint.retainedBytes))
        : 'none'],
      ['allocated at', s.location || '(no allocation info)'],
      ['keywords', s.keywords.join(', ')],
    ]));
    if (s.path.length) {
      box.append(h('h3', {}, 'Shortest path from a GC root'));
      box.append(h('ol', {class: 'path suspect-path'}, s.path.map((step, k) =>
        h('li', {}, h('span', {class: 'via'}, (k === 0 ? 'root ' + step.via : step.via || '') + ' → '), obj(step), ' ' + step.name))));
    }
    if (s.held.length) {
      box.append(h('h3', {}, 'What it holds, by class'));
      box.append(table([
        {label: 'objects', num: true, value: x => fmtInt(x.objects), export: x => x.objects},
        {label: 'class', value: x => link('class', {d, name: x['class']}, x['class']), export: x => x['class']},
        {label: 'retained', num: true, value: x => fmtSize(x.retainedBytes), export: x => x.retainedBytes},
      ], s.held, {export: false}));
    }
    main.append(box);
  });
  main.append(h('h2', {}, 'Findings'));
  if (!r.findings.length) main.append(h('p', {class: 'muted'}, 'No check found anything worth telling.'));
  for (const f of r.findings) {
    main.append(h('h3', {class: 'finding'}, f.check + ': ' + fmtSize(f.bytes) + ' in ' + fmtInt(f.objects) + ' objects ('
      + f.share.toFixed(1) + '%)'));
    main.append(h('p', {}, f.text));
    if (f.sites.length) {
      main.append(table([
        {label: 'site', value: x => x.location},
        {label: 'objects', num: true, value: x => fmtInt(x.objects), export: x => x.objects},
        {label: 'counts', value: x => Object.entries(x.counts).map(([k, v]) => fmtInt(v) + ' ' + k).join(', ')},
        {label: 'bytes', num: true, value: x => fmtSize(x.bytes), export: x => x.bytes},
        {label: 'held by', value: x => x.holder || ''},
      ], f.sites, {export: false}));
    }
    if (f.classes.length) main.append(h('p', {class: 'muted'}, 'Classes: ' + f.classes.join(', ')));
    if (f.values && f.values.length) main.append(findingValues(f.values));
  }
  if (r.overhead.length) {
    main.append(h('h2', {}, 'Tool overhead (left out of every share)'));
    main.append(table([
      {label: 'class', value: x => x['class']},
      {label: 'objects', num: true, value: x => fmtInt(x.objects), export: x => x.objects},
      {label: 'retained', num: true, value: x => fmtSize(x.retainedBytes), export: x => x.retainedBytes},
      {label: 'tool', value: x => x.tool},
    ], r.overhead, {export: false, id: 'overhead'}));
  }
  setExport('suspects', [{label: 'kind', value: x => x.kind}, {label: 'class', value: x => x['class']},
    {label: 'instances', num: true, value: x => x.instances}, {label: 'retained', num: true, value: x => x.retainedBytes},
    {label: 'share %', num: true, value: x => x.share}, {label: 'text', value: x => x.text}], r.suspects, r);
}

/** A duplicate-strings finding's most wasteful values: each quoted (an ellipsis when cut), its count and what its copies cost. */
function findingValues(values) {
  return table([
    {label: 'value', value: x => JSON.stringify(x.value) + (x.valueComplete ? '' : '…'), export: x => x.value},
    {label: 'objects', num: true, value: x => fmtInt(x.objects), export: x => x.objects},
    {label: 'wasted', num: true, value: x => fmtSize(x.wastedBytes), export: x => x.wastedBytes},
  ], values, {export: false});
}
