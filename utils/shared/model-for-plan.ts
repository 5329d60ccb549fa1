// Which model type a plan may use, decided here only: quality_optimized exists on the paid
// address alone. A new choice of it on another plan is refused (saving) or disabled (menus);
// a choice stored before the plan changed is sent as prefer_quality_optimized rather than fail.
import type { ModelType } from './api-types';
import type { Plan } from './settings';

/** Whether the user may choose this model type on this plan (menus, saving). */
export function modelAllowed(modelType: ModelType, plan: Plan | undefined): boolean {
  return !(plan === 'free' && modelType === 'quality_optimized');
}

/** The model type a request is sent with: a choice the plan does not allow falls back to "prefer". */
export function modelForPlan(modelType: ModelType, plan: Plan): ModelType {
  return modelAllowed(modelType, plan) ? modelType : 'prefer_quality_optimized';
}
