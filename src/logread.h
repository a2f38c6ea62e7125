/* PLACEHOLDER */
#ifndef DLT_logread_H
#define DLT_logread_H
#endif
