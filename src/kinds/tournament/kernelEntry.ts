/**
 * The tournament's kernel: its trials are War Machine battles, one pairing at a time, so its kernel is the
 * battle kernel under this kind's name (as divided forces do).
 */
import type { Kernel } from '../../engine/kernel.js';
import { warMachineKernel } from '../warMachine/kernelEntry.js';
import type { WarMachinePlan } from '../warMachine/plan.js';

export const tournamentKernel: Kernel<WarMachinePlan> = { ...warMachineKernel, name: 'tournament' };
