/* PLACEHOLDER */
#ifndef DLT_scan_H
#define DLT_scan_H
#endif
