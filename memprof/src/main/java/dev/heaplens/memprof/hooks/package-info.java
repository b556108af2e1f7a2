/**
 * The bytecode hooks on allocations: {@link dev.heaplens.memprof.hooks.AllocationTransformer} rewrites
 * the application's classes so that every allocation site calls {@link dev.heaplens.memprof.hooks.HookClass},
 * which hands the object to {@link dev.heaplens.memprof.hooks.AllocationRecorder} (exact mode, or sampling
 * by rewritten bytecode) and so into the tables. Also which classes are the application's and which
 * calls exact mode records, which sampling reads too. Uses the tables alone.
 */
package dev.heaplens.memprof.hooks;
