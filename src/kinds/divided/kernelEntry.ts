/**
 * The divided-forces kernel: a divided day's trials are War Machine battles, one per pairing, so its kernel is
 * the battle kernel under this kind's name (the worker finds it by that name). `warcast divided` itself is exact:
 * the pairings are independent battles.
 */
import type { Kernel } from '../../engine/kernel.js';
import { warMachineKernel } from '../warMachine/kernelEntry.js';
import type { WarMachinePlan } from '../warMachine/plan.js';

export const dividedKernel: Kernel<WarMachinePlan> = { ...warMachineKernel, name: 'divided' };
