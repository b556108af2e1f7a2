// heaplens serve / report: the threads view. Loaded before app.js, whose helpers (h, api, link,
// fmtBytes, fmtInt, setExport) it calls when the view renders; app.js registers it as views.threads.
// Names, frames and values come from the dump: they are put into the page as text only.
'use strict';

/** Each thread expandable to its frames, each frame to the objects its locals hold; every object a link. */
async function threadsView(p, main) {
  const d = p.d;
  const r = await api('threads', {d});
  main.append(h('h1', {}, 'Threads'));
  if (r.outOfMemory) {
    main.append(h('p', {id: 'threads-oom', class: 'error'}, 'The dump was written on OutOfMemoryError: thread "'
      + threadName(r.threads[0]) + '" ran out of memory (first below).'));
  }
  for (const note of r.notes) main.append(h('p', {class: 'muted threads-note'}, 'note: ' + note));
  main.append(h('p', {}, r.threads.length + ' threads; their locals alone keep '
    + fmtBytes(r.threads.reduce((sum, t) => sum + t.retainedBytes, 0)) + ' alive. Retained: what only the thread\'s'
    + ' locals keep alive (the thread as the only way in, as Eclipse MAT counts it).'));
  const list = h('div', {id: 'threads'});
  r.threads.forEach((t, i) => list.append(threadDetails(d, t, i)));
  main.append(list);
  setExport('threads', [
    {label: 'thread', value: t => threadName(t)},
    {label: 'object', value: t => t.object},
    {label: 'virtual', value: t => t.virtual},
    {label: 'daemon', value: t => t.daemon},
    {label: 'priority', value: t => t.priority, num: true},
    {label: 'retained_bytes', value: t => t.retainedBytes, num: true},
    {label: 'retained_count', value: t => t.retainedCount, num: true},
  ], r.threads, r);
}

function threadName(t) {
  return t.name != null ? t.name : t.object;
}

function threadDetails(d, t, i) {
  const locals = t.frames.reduce((n, f) => n + f.locals.length, t.unframedLocals.length);
  const top = t.frames.find(f => !f.addedOnOutOfMemory);
  const summary = h('summary', {},
    h('span', {class: 'thread-name'}, '"' + threadName(t) + '"'), ' ',
    h('span', {class: 'muted'}, (t.virtual ? 'virtual' : 'platform') + (t.daemon ? ', daemon' : '')
      + (t.priority ? ', priority ' + t.priority : '') + (t.threwOutOfMemory ? ', ran out of memory' : '')), ' · ',
    h('span', {'data-test': 'thread-retained'}, fmtBytes(t.retainedBytes)), ' retained by ' + fmtInt(locals) + (locals === 1 ? ' local · ' : ' locals · '),
    top ? frameText(top) : 'no frames');
  const frames = h('ol', {class: 'frames'});
  for (const f of t.frames) frames.append(h('li', {}, frameDetails(d, f)));
  const body = [h('p', {}, 'thread object ', link('object', {d, address: t.object}, t.object)), frames];
  if (t.unframedLocals.length) {
    body.push(h('p', {class: 'muted'}, 'Locals in no frame the dump kept'), localsTable(d, t.unframedLocals));
  }
  return h('details', {class: 'thread', id: 'thread-' + i, open: i === 0 && t.threwOutOfMemory}, summary, ...body);
}

function frameText(f) {
  const where = f.line === -3 ? 'Native Method' : !f.file ? 'Unknown Source' : f.line > 0 ? f.file + ':' + f.line : f.file;
  return f['class'] + '.' + f.method + '(' + where + ')';
}

function frameDetails(d, f) {
  const label = h('span', {class: 'frame'}, 'at ' + frameText(f));
  if (f.addedOnOutOfMemory) {
    return h('span', {}, label, h('span', {class: 'muted'}, ' (added by the JVM to the thread that ran out of memory)'));
  }
  if (!f.locals.length) return label;
  return h('details', {class: 'frame-locals'}, h('summary', {}, label, h('span', {class: 'muted'},
    ' · ' + f.locals.length + (f.locals.length === 1 ? ' local' : ' locals'))), localsTable(d, f.locals));
}

function localsTable(d, locals) {
  const head = h('tr', {}, ['address', 'class', 'shallow', 'retained', 'value'].map((c, k) =>
    h('th', {class: k === 2 || k === 3 ? 'num' : ''}, c)));
  const rows = locals.map(o => h('tr', {class: 'row'},
    h('td', {class: 'text'}, link('object', {d, address: o.address}, o.address)),
    h('td', {class: 'text'}, o['class']),
    h('td', {class: 'num'}, fmtInt(o.shallowSize)),
    h('td', {class: 'num'}, fmtInt(o.retainedSize)),
    h('td', {class: 'text'}, o.value || '')));
  return h('table', {class: 'locals'}, h('thead', {}, head), h('tbody', {}, rows));
}
