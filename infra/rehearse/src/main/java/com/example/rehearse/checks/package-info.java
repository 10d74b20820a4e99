/**
 * The network checks: the route each call from a function in a VPC takes, and the fast path's
 * ports, both from the template's endpoints and security groups.
 */
package com.example.rehearse.checks;
