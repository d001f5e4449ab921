/**
 * A design's battles are War Machine battles, answered exactly; its kernel is the battle kernel under this kind's
 * name (as the tournament's is), for the registry and a cluster that would run one of its battles.
 */
import type { Kernel } from '../../engine/kernel.js';
import { warMachineKernel } from '../warMachine/kernelEntry.js';
import type { WarMachinePlan } from '../warMachine/plan.js';

export const designKernel: Kernel<WarMachinePlan> = { ...warMachineKernel, name: 'design' };
